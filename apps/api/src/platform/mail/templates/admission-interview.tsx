import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Strings shared by the interview messages. */
const common = {
  greeting: (name: string) => `Hello ${name},`,
  action: 'See or change your interview',
  linkIntro: 'Or open this private link in your browser:',
  footer: `You receive this email because you applied to a programme of ${SCHOOL_NAME}.`,
  when: 'When:',
  length: (minutes: number) => `${minutes} minutes`,
  place: 'Place:',
  link: 'Meeting link:',
  calendar: 'The calendar invitation attached (invitation.ics) adds the interview to your calendar.',
  change: (until: string) => `You can change or cancel your booking from your application’s page until ${until}.`,
};

export const admissionInterviewBookedStrings = {
  ...common,
  subject: (programme: string) => `Your interview for ${programme} is booked`,
  preview: 'Your interview is booked: the details and a calendar invitation.',
  body: (programme: string) => `Your interview for ${programme} is booked. Here are its details:`,
};

export const admissionInterviewReminderStrings = {
  ...common,
  subject: (programme: string) => `Reminder: your interview for ${programme} is tomorrow`,
  preview: 'Your interview is in less than a day.',
  body: (programme: string) => `A reminder: your interview for ${programme} is in less than a day. Here are its details:`,
};

export const admissionInterviewCancelledStrings = {
  ...common,
  subject: (programme: string) => `Your interview for ${programme} is cancelled`,
  preview: 'Your interview booking is cancelled.',
  body: (programme: string) =>
    `Your interview booking for ${programme} is cancelled, as you asked. The attached invitation removes it from your calendar. You can book another slot from your application’s page while slots are open.`,
  action: 'Book another slot',
};

export const admissionInterviewChangedStrings = {
  ...common,
  subject: (programme: string) => `Your interview for ${programme} has changed`,
  preview: 'The school changed your interview: the new details and an updated calendar invitation.',
  body: (programme: string) =>
    `The school has changed your interview for ${programme}. Here are its new details (the attached invitation updates your calendar):`,
};

export const admissionInterviewSlotCancelledStrings = {
  ...common,
  subject: (programme: string) => `Your interview for ${programme} is cancelled by the school`,
  preview: 'The school cancelled your interview slot: please book another.',
  body: (programme: string) =>
    `The school has cancelled your interview slot for ${programme}. We are sorry for the change. The attached invitation removes it from your calendar. Please book another slot from your application’s page.`,
  reason: 'The reason:',
  action: 'Book another slot',
};

export interface AdmissionInterviewProps {
  name: string;
  programme: string;
  statusUrl: string;
  /** The moment in Malaysia time, as people read it. */
  when: string;
  durationMinutes: number;
  place: string;
  meetingLink: string;
  /** The last moment the booking may change, in Malaysia time. */
  changeUntil: string;
}

function Interview({ s, ...p }: AdmissionInterviewProps & { s: typeof admissionInterviewBookedStrings }) {
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{p.programme}</Title>
      <Text style={paragraph}>{s.greeting(p.name)}</Text>
      <Text style={paragraph}>{s.body(p.programme)}</Text>
      <Text style={paragraph}>
        <strong>{s.when}</strong> {p.when} ({s.length(p.durationMinutes)})
        {p.place ? (
          <>
            <br />
            <strong>{s.place}</strong> {p.place}
          </>
        ) : null}
        {p.meetingLink ? (
          <>
            <br />
            <strong>{s.link}</strong> {p.meetingLink}
          </>
        ) : null}
      </Text>
      <Text style={paragraph}>{s.calendar}</Text>
      <Text style={paragraph}>{s.change(p.changeUntil)}</Text>
      <CallToAction href={p.statusUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

/** The applicant booked (or changed) their interview: its details; the invitation is attached. */
export const AdmissionInterviewBooked = (p: AdmissionInterviewProps) => <Interview s={admissionInterviewBookedStrings} {...p} />;
/** The day before the interview. */
export const AdmissionInterviewReminder = (p: AdmissionInterviewProps) => <Interview s={admissionInterviewReminderStrings} {...p} />;

/** The school changed the booked slot (moment, length, place or link): its new details; the updated invitation is attached. */
export const AdmissionInterviewChanged = (p: AdmissionInterviewProps) => <Interview s={admissionInterviewChangedStrings} {...p} />;

/** The school cancelled the booked slot, with why; the attached cancellation removes the event and the applicant books again. */
export function AdmissionInterviewSlotCancelled(p: AdmissionInterviewProps & { reason: string }) {
  const s = admissionInterviewSlotCancelledStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{p.programme}</Title>
      <Text style={paragraph}>{s.greeting(p.name)}</Text>
      <Text style={paragraph}>{s.body(p.programme)}</Text>
      <Text style={paragraph}>
        <strong>{s.when}</strong> {p.when}
        <br />
        <strong>{s.reason}</strong> {p.reason}
      </Text>
      <CallToAction href={p.statusUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

/** The applicant cancelled their booking; the attached cancellation removes the event. */
export function AdmissionInterviewCancelled(p: AdmissionInterviewProps) {
  const s = admissionInterviewCancelledStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{p.programme}</Title>
      <Text style={paragraph}>{s.greeting(p.name)}</Text>
      <Text style={paragraph}>{s.body(p.programme)}</Text>
      <Text style={paragraph}>
        <strong>{s.when}</strong> {p.when}
      </Text>
      <CallToAction href={p.statusUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

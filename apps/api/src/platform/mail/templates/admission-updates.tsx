import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';
import type { AdmissionDecisionProps } from './admission-decision';

/** Strings shared by the messages of an application's ends and its link. */
const common = {
  greeting: (name: string) => `Hello ${name},`,
  action: 'See your application’s status',
  linkIntro: 'Or open this private link in your browser:',
  footer: `You receive this email because you applied to a programme of ${SCHOOL_NAME}.`,
};

export const admissionNotEligibleStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme}: eligibility`,
  preview: 'Your application does not meet the programme’s eligibility requirements.',
  body: (programme: string) =>
    `Thank you for applying to ${programme}. We checked your application against the programme’s eligibility requirements, and it does not meet them, so we cannot consider it this time.`,
  rules: 'The requirement not met:',
  rulesMany: 'The requirements not met:',
  contact: 'If you think an answer was misread, reply to the school with the correction: an admin can check your application again.',
};

export interface AdmissionNotEligibleProps extends AdmissionDecisionProps {
  /** The rules not met, in words (at least one). */
  unmet: string[];
}

/** The applicant is rejected as not eligible: it says so, and which rule was not met. */
export function AdmissionNotEligible({ name, programme, statusUrl, unmet }: AdmissionNotEligibleProps) {
  const s = admissionNotEligibleStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(programme)}</Text>
      <Text style={paragraph}>
        <strong>{unmet.length > 1 ? s.rulesMany : s.rules}</strong> {unmet.join('; ')}
      </Text>
      <Text style={paragraph}>{s.contact}</Text>
      <CallToAction href={statusUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

export const admissionDeclinedStrings = {
  ...common,
  subject: (programme: string) => `You declined your place in ${programme}`,
  preview: 'We have recorded that you declined your offer.',
  body: (programme: string) =>
    `We have recorded that you declined your place in ${programme}. Thank you for letting us know: the place goes to another applicant. We wish you well, and you are welcome to apply to a later intake.`,
};

export const admissionWithdrawnStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme} is withdrawn`,
  preview: 'Your application has been withdrawn.',
  body: (programme: string) =>
    `Your application to ${programme} has been withdrawn, so it is no longer considered. If you did not ask for this, contact the school by replying to this email.`,
};

export const admissionOfferExpiredStrings = {
  ...common,
  subject: (programme: string) => `Your offer of a place in ${programme} has expired`,
  preview: 'Your offer was not accepted by its accept-by date.',
  body: (programme: string) =>
    `Your offer of a place in ${programme} was not accepted by its accept-by date, so it has lapsed and the place goes to another applicant. You are welcome to apply to a later intake.`,
};

export const admissionStatusLinkStrings = {
  ...common,
  subject: (programme: string) => `Your private link to your application to ${programme}`,
  preview: 'The link to your application’s status, as you asked.',
  body: (programme: string) =>
    `You asked for the link to your application to ${programme}. It shows your application’s status at any time, without an account. Earlier links keep working.`,
  notYou: 'If you did not ask for it, you can ignore this email: the link only shows your application to you.',
};

function Update({ s, name, programme, statusUrl, note }: AdmissionDecisionProps & { s: typeof admissionDeclinedStrings; note?: string }) {
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(programme)}</Text>
      <CallToAction href={statusUrl} label={s.action} linkIntro={s.linkIntro} />
      {note && <Text style={paragraph}>{note}</Text>}
    </Layout>
  );
}

/** The applicant declined their offer. */
export const AdmissionDeclined = (p: AdmissionDecisionProps) => <Update s={admissionDeclinedStrings} {...p} />;
/** The application was withdrawn (by the applicant or the school). */
export const AdmissionWithdrawn = (p: AdmissionDecisionProps) => <Update s={admissionWithdrawnStrings} {...p} />;
/** The offer lapsed at its accept-by date. */
export const AdmissionOfferExpired = (p: AdmissionDecisionProps) => <Update s={admissionOfferExpiredStrings} {...p} />;
/** The private status link again, asked for from /applications/. */
export const AdmissionStatusLink = (p: AdmissionDecisionProps) => (
  <Update s={admissionStatusLinkStrings} note={admissionStatusLinkStrings.notYou} {...p} />
);

export const reviewAssignedStrings = {
  subject: (count: number) => (count === 1 ? 'An application to review' : `${count} applications to review`),
  preview: 'Applications are waiting for your scores.',
  greeting: (name: string) => `Hello ${name},`,
  body: (count: number, by: string) =>
    `${by} assigned you ${count === 1 ? 'an application' : `${count} applications`} to review. Score each against the intake’s rubric from your review queue.`,
  action: 'Open your review queue',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you review applications for ${SCHOOL_NAME}.`,
};

export interface ReviewAssignedProps {
  name: string;
  count: number;
  assignedBy: string;
  queueUrl: string;
}

/** A reviewer is told the applications assigned to them. */
export function ReviewAssigned({ name, count, assignedBy, queueUrl }: ReviewAssignedProps) {
  const s = reviewAssignedStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.subject(count)}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(count, assignedBy)}</Text>
      <CallToAction href={queueUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

const at = (when: string, place: string) => `${when}${place ? ` (${place})` : ''}`;

/** What happened to a panel member's slot: put on it, the slot moved, cancelled, or taken off it. */
export type PanelChange = 'ASSIGNED' | 'CHANGED' | 'CANCELLED' | 'REMOVED';

export const interviewPanelStrings = {
  subject: {
    ASSIGNED: (when: string) => `You are on an interview panel on ${when}`,
    CHANGED: (when: string) => `Your interview panel moved to ${when}`,
    CANCELLED: (when: string) => `The interview slot on ${when} is cancelled`,
    REMOVED: (when: string) => `You are no longer on the interview panel on ${when}`,
  },
  preview: {
    ASSIGNED: 'An interview slot lists you on its panel.',
    CHANGED: 'An interview slot on your panel changed.',
    CANCELLED: 'An interview slot on your panel is cancelled.',
    REMOVED: 'You are off an interview panel.',
  },
  greeting: (name: string) => `Hello ${name},`,
  body: {
    ASSIGNED: (by: string, when: string, place: string) =>
      `${by} put you on the panel of an interview slot on ${at(when, place)}. Once an applicant books it, you score the interview from your interviews page.`,
    CHANGED: (by: string, when: string, place: string, was: string) =>
      `${by} changed an interview slot on your panel: it was on ${was} and is now on ${at(when, place)}. Its applicants have the new time.`,
    CANCELLED: (by: string, when: string, place: string, _was: string, reason: string) =>
      `${by} cancelled the interview slot on ${at(when, place)} that lists you on its panel: ${reason} Its applicants are told and may book another time.`,
    REMOVED: (by: string, when: string, place: string) =>
      `${by} took you off the panel of the interview slot on ${at(when, place)}. You no longer score its interviews.`,
  },
  action: 'Open your interviews',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you interview applicants for ${SCHOOL_NAME}.`,
};

export interface InterviewPanelProps {
  change: PanelChange;
  name: string;
  assignedBy: string;
  when: string;
  place: string;
  interviewsUrl: string;
  /** CHANGED: the slot's moment before. */
  was?: string;
  /** CANCELLED: the reason given. */
  reason?: string;
}

/** A staff member is told what happened to an interview slot's panel that lists (or listed) them. */
export function InterviewPanelMail({ change, name, assignedBy, when, place, interviewsUrl, was = '', reason = '' }: InterviewPanelProps) {
  const s = interviewPanelStrings;
  return (
    <Layout preview={s.preview[change]} footer={s.footer}>
      <Title>{s.subject[change](when)}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body[change](assignedBy, when, place, was, reason)}</Text>
      <CallToAction href={interviewsUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Strings shared by the decision messages (shortlist, waitlist, reject). */
const common = {
  greeting: (name: string) => `Hello ${name},`,
  action: 'See your application’s status',
  linkIntro: 'Or open this private link in your browser:',
  footer: `You receive this email because you applied to a programme of ${SCHOOL_NAME}.`,
};

export const admissionShortlistedStrings = {
  ...common,
  subject: (programme: string) => `You are on the shortlist for ${programme}`,
  preview: 'Your application is on the shortlist.',
  body: (programme: string) => `Good news: your application to ${programme} is on the shortlist. We will email you our decision soon.`,
  /** When the intake has interview times open to book. */
  interview:
    'Next is a short interview: choose a time that suits you on your application’s page (the link below). You can change it until 24 hours before.',
};

export const admissionWaitlistedStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme}: waiting list`,
  preview: 'You are on the waiting list.',
  body: (programme: string) =>
    `Your application to ${programme} is on the waiting list. Every place is taken for now; if one opens, we will offer it to you by email.`,
};

export const admissionRejectedStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme}`,
  preview: 'Our decision on your application.',
  body: (programme: string) =>
    `Thank you for applying to ${programme}. We are sorry: we cannot offer you a place this time. We received many strong applications for few places.`,
};

export interface AdmissionDecisionProps {
  name: string;
  programme: string;
  statusUrl: string;
  /** A line after the body (the shortlist's interview booking), when there is one. */
  next?: string;
}

function Decision({ s, name, programme, statusUrl, next }: AdmissionDecisionProps & { s: typeof admissionRejectedStrings }) {
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(programme)}</Text>
      {next ? <Text style={paragraph}>{next}</Text> : null}
      <CallToAction href={statusUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

/** The applicant is on the shortlist. */
export const AdmissionShortlisted = (p: AdmissionDecisionProps & { interviewOpen?: boolean }) => (
  <Decision s={admissionShortlistedStrings} {...p} next={p.interviewOpen ? admissionShortlistedStrings.interview : undefined} />
);
/** The applicant is on the waiting list. */
export const AdmissionWaitlisted = (p: AdmissionDecisionProps) => <Decision s={admissionWaitlistedStrings} {...p} />;
/** The applicant is not offered a place. */
export const AdmissionRejected = (p: AdmissionDecisionProps) => <Decision s={admissionRejectedStrings} {...p} />;

export const admissionOfferStrings = {
  ...common,
  subject: (programme: string) => `An offer of a place in ${programme}`,
  preview: (cohort: string) => `Your place in ${cohort} is waiting for your answer.`,
  intro: (programme: string) => `We are pleased to offer you a place in ${programme}.`,
  cohort: 'Cohort',
  dates: 'Dates',
  datesValue: (start: string, end: string) => `${start} to ${end}`,
  acceptBy: (date: string) =>
    `Please accept or decline by ${date}. After that date the offer lapses and the place goes to another applicant.`,
  action: 'Accept or decline your offer',
  account:
    'When you accept, you join the cohort’s class: with your account if you have one with this email, otherwise we email you a link to create it.',
};

export interface AdmissionOfferProps extends AdmissionDecisionProps {
  cohortTitle: string;
  /** Dates already written for people, e.g. "12 January 2027". */
  startDate: string;
  endDate: string;
  acceptBy: string;
}

/** An admin gave the applicant more time to answer their offer: the same facts with the new accept-by moment. */
export const admissionOfferExtendedStrings = {
  ...admissionOfferStrings,
  subject: (programme: string) => `More time to answer your offer from ${programme}`,
  preview: (cohort: string) => `You have more time to answer your offer of a place in ${cohort}.`,
  intro: (programme: string) => `We have given you more time to answer our offer of a place in ${programme}.`,
};

/** The offer of a place: the cohort, its dates, the accept-by date and the private link to answer. */
export const AdmissionOffer = (p: AdmissionOfferProps) => <Offer s={admissionOfferStrings} {...p} />;
/** The same offer with a later accept-by moment. */
export const AdmissionOfferExtended = (p: AdmissionOfferProps) => <Offer s={admissionOfferExtendedStrings} {...p} />;

function Offer({
  s,
  name,
  programme,
  statusUrl,
  cohortTitle,
  startDate,
  endDate,
  acceptBy,
}: AdmissionOfferProps & { s: typeof admissionOfferStrings }) {
  return (
    <Layout preview={s.preview(cohortTitle)} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.intro(programme)}</Text>
      <Text style={{ ...paragraph, margin: '0 0 8px' }}>
        <strong>{s.cohort}:</strong> {cohortTitle}
      </Text>
      <Text style={{ ...paragraph, margin: '0 0 16px' }}>
        <strong>{s.dates}:</strong> {s.datesValue(startDate, endDate)}
      </Text>
      <Text style={paragraph}>{s.acceptBy(acceptBy)}</Text>
      <CallToAction href={statusUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.account}</Text>
    </Layout>
  );
}

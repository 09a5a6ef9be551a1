import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const cohortInvitationStrings = {
  school: SCHOOL_NAME,
  subject: (cohort: string) => `You are invited to join ${cohort} at ${SCHOOL_NAME}`,
  preview: (cohort: string) => `Create your account to take your place in ${cohort}.`,
  greeting: (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,'),
  intro: (cohort: string) => `${SCHOOL_NAME} has a place for you in ${cohort}.`,
  dates: 'Dates',
  datesValue: (start: string, end: string) => `${start} to ${end}`,
  createAccount: (email: string) => `Create your account with ${email} to join the class: you are enrolled as soon as you sign up.`,
  action: 'Create your account',
  linkIntro: 'Or open this link in your browser:',
  validity: (until: string) => `The link works once, until ${until}.`,
  footer: `You receive this email because an administrator of ${SCHOOL_NAME} added your email address to a cohort.`,
};

export interface CohortInvitationProps {
  firstName: string;
  email: string;
  cohortTitle: string;
  /** Dates already written for people, e.g. "12 January 2027". */
  startDate: string;
  endDate: string;
  /** The cohort's end_access_date, written for people: the link expires then. */
  validUntil: string;
  inviteUrl: string;
}

/** The invitation a queued person (an email without an account) receives: sign up and join the cohort. */
export function CohortInvitation({ firstName, email, cohortTitle, startDate, endDate, validUntil, inviteUrl }: CohortInvitationProps) {
  const s = cohortInvitationStrings;
  return (
    <Layout preview={s.preview(cohortTitle)} footer={s.footer}>
      <Title>{cohortTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(cohortTitle)}</Text>
      <Text style={{ ...paragraph, margin: '0 0 16px' }}>
        <strong>{s.dates}:</strong> {s.datesValue(startDate, endDate)}
      </Text>
      <Text style={paragraph}>{s.createAccount(email)}</Text>
      <CallToAction href={inviteUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.validity(validUntil)}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const enrolledInCohortStrings = {
  subject: (cohort: string) => `You have been enrolled in ${cohort}`,
  preview: (cohort: string) => `Your place in ${cohort} is ready.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (cohort: string) => `You have been enrolled in ${cohort} at ${SCHOOL_NAME}.`,
  dates: 'Dates',
  datesValue: (start: string, end: string) => `${start} to ${end}`,
  action: 'Go to your class',
  linkIntro: 'Or open this link in your browser:',
  signIn: 'Sign in with this email address to see your lessons, assignments and grades.',
  footer: `You receive this email because an administrator of ${SCHOOL_NAME} enrolled you in a cohort.`,
};

export interface EnrolledInCohortProps {
  firstName: string;
  cohortTitle: string;
  /** Dates already written for people, e.g. "12 January 2027". */
  startDate: string;
  endDate: string;
  classUrl: string;
}

/** The notice a student receives when an admin adds them to a cohort. */
export function EnrolledInCohort({ firstName, cohortTitle, startDate, endDate, classUrl }: EnrolledInCohortProps) {
  const s = enrolledInCohortStrings;
  return (
    <Layout preview={s.preview(cohortTitle)} footer={s.footer}>
      <Title>{cohortTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(cohortTitle)}</Text>
      <Text style={{ ...paragraph, margin: '0 0 16px' }}>
        <strong>{s.dates}:</strong> {s.datesValue(startDate, endDate)}
      </Text>
      <CallToAction href={classUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.signIn}</Text>
    </Layout>
  );
}

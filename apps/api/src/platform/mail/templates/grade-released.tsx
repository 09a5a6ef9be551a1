import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const gradeReleasedStrings = {
  subject: (item: string) => `Your grade for ${item} is ready`,
  preview: (item: string) => `Your grade for ${item} has been released.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (item: string, cohort: string) => `Your grade for ${item} in ${cohort} has been released.`,
  action: 'See your grades',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you are enrolled in a cohort at ${SCHOOL_NAME}.`,
};

export interface GradeReleasedProps {
  firstName: string;
  itemTitle: string;
  cohortTitle: string;
  gradesUrl: string;
}

/** Sent when a grade becomes visible to the student (the grade itself is shown only in the class). */
export function GradeReleased({ firstName, itemTitle, cohortTitle, gradesUrl }: GradeReleasedProps) {
  const s = gradeReleasedStrings;
  return (
    <Layout preview={s.preview(itemTitle)} footer={s.footer}>
      <Title>{itemTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(itemTitle, cohortTitle)}</Text>
      <CallToAction href={gradesUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const gradeReleasedStrings = {
  subject: (lesson: string) => `Your grade for ${lesson} is ready`,
  preview: (lesson: string) => `Your result and feedback for ${lesson} are available.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (lesson: string, cohort: string) => `Your grade and feedback for ${lesson} in ${cohort} are now available.`,
  action: 'See your grades',
  linkIntro: 'Or open this link in your browser:',
  footer: 'You receive this email because you handed in work at ChipSkills Academy.',
};

export interface GradeReleasedProps {
  firstName: string;
  lessonTitle: string;
  cohortTitle: string;
  gradesUrl: string;
}

/** The notice a student receives when a grade becomes visible (at the result date). */
export function GradeReleased({ firstName, lessonTitle, cohortTitle, gradesUrl }: GradeReleasedProps) {
  const s = gradeReleasedStrings;
  return (
    <Layout preview={s.preview(lessonTitle)} footer={s.footer}>
      <Title>{lessonTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(lessonTitle, cohortTitle)}</Text>
      <CallToAction href={gradesUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.footer}</Text>
    </Layout>
  );
}

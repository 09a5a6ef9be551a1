import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const quizRegradedStrings = {
  subject: (quiz: string) => `Your score for ${quiz} has changed`,
  preview: (quiz: string) => `The answer key of ${quiz} was corrected and your attempt was scored again.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (quiz: string, cohort: string) => `The answer key of ${quiz} in ${cohort} was corrected, and your attempt was scored again.`,
  scores: (attempt: number, oldScore: string, newScore: string) => `Attempt ${attempt}: your score was ${oldScore} and is now ${newScore}.`,
  action: 'See your result',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you are enrolled in a cohort at ${SCHOOL_NAME}.`,
};

export interface QuizRegradedProps {
  firstName: string;
  quizTitle: string;
  cohortTitle: string;
  attemptNumber: number;
  /** Scores as shown, e.g. "6 / 8". */
  oldScore: string;
  newScore: string;
  resultUrl: string;
}

/** Sent when a corrected answer key changed the score of a submitted attempt whose results are open. */
export function QuizRegraded({ firstName, quizTitle, cohortTitle, attemptNumber, oldScore, newScore, resultUrl }: QuizRegradedProps) {
  const s = quizRegradedStrings;
  return (
    <Layout preview={s.preview(quizTitle)} footer={s.footer}>
      <Title>{quizTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(quizTitle, cohortTitle)}</Text>
      <Text style={paragraph}>{s.scores(attemptNumber, oldScore, newScore)}</Text>
      <CallToAction href={resultUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

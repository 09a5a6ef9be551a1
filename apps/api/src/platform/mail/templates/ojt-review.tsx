import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the supervisor's review mail, in one place. */
export const ojtReviewSupervisorStrings = {
  subject: (trainee: string, week: number) => `Please complete ${trainee}'s week ${week} review`,
  preview: (trainee: string) => `${trainee} has signed their part of the review.`,
  greeting: (name: string) => `Dear ${name},`,
  intro: (trainee: string, host: string, week: number, due: string) =>
    `${trainee}, placed with ${host}, has completed and signed their part of the OJT review at week ${week} (due ${due}).`,
  ask: 'Please add your comments and an overall rating, then sign. It takes a few minutes and needs no account.',
  expiry: 'The link is yours alone: it works for 14 days, until you sign.',
  action: 'Open the review',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you supervise a trainee of ${SCHOOL_NAME} on their on-the-job training.`,
};

export interface OjtReviewSupervisorProps {
  supervisorName: string;
  traineeName: string;
  hostName: string;
  week: number;
  dueOn: string;
  reviewUrl: string;
}

/** Sent to the host supervisor when the trainee signs their section of a review: the link to theirs. */
export function OjtReviewSupervisor(p: OjtReviewSupervisorProps) {
  const s = ojtReviewSupervisorStrings;
  return (
    <Layout preview={s.preview(p.traineeName)} footer={s.footer}>
      <Title>{s.subject(p.traineeName, p.week)}</Title>
      <Text style={paragraph}>{s.greeting(p.supervisorName)}</Text>
      <Text style={paragraph}>{s.intro(p.traineeName, p.hostName, p.week, p.dueOn)}</Text>
      <Text style={paragraph}>{s.ask}</Text>
      <CallToAction href={p.reviewUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.expiry}</Text>
    </Layout>
  );
}

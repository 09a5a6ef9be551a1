import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const logbookDecisionStrings = {
  subject: (week: number, approved: boolean) =>
    approved ? `Week ${week} of your logbook is signed` : `Week ${week} of your logbook was returned`,
  preview: (supervisor: string, approved: boolean) =>
    approved ? `${supervisor} signed the week.` : `${supervisor} returned the week with a comment.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  approved: (supervisor: string, week: number) => `${supervisor} signed week ${week} of your logbook. Nothing more is needed for it.`,
  returned: (supervisor: string, week: number) =>
    `${supervisor} returned week ${week} of your logbook. Change what they ask, then submit the week again.`,
  comment: (comment: string) => `Their comment: “${comment}”`,
  action: (approved: boolean) => (approved ? 'Open your logbook' : 'Change the week'),
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you are a trainee of ${SCHOOL_NAME} on a placement.`,
};

export interface LogbookDecisionProps {
  firstName: string;
  supervisorName: string;
  week: number;
  approved: boolean;
  comment: string;
  url: string;
}

/** Tells the trainee their supervisor signed a logbook week, or returned it and why. */
export function LogbookDecision(p: LogbookDecisionProps) {
  const s = logbookDecisionStrings;
  return (
    <Layout preview={s.preview(p.supervisorName, p.approved)} footer={s.footer}>
      <Title>{s.subject(p.week, p.approved)}</Title>
      <Text style={paragraph}>{s.greeting(p.firstName)}</Text>
      <Text style={paragraph}>{p.approved ? s.approved(p.supervisorName, p.week) : s.returned(p.supervisorName, p.week)}</Text>
      {p.comment && <Text style={paragraph}>{s.comment(p.comment)}</Text>}
      <CallToAction href={p.url} label={s.action(p.approved)} linkIntro={s.linkIntro} />
    </Layout>
  );
}

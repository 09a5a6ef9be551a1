import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const supervisorWeekStrings = {
  subject: (trainee: string, week: number, reminder: SupervisorWeekProps['reminder']) =>
    `${reminder ? 'Reminder: ' : ''}Please sign ${trainee}'s logbook for week ${week}`,
  preview: (trainee: string) => `${trainee} has submitted a week of their logbook for your sign-off.`,
  greeting: (name: string) => `Hello ${name},`,
  intro: (trainee: string, host: string, week: number, dates: string) =>
    `${trainee}, a trainee of ${SCHOOL_NAME} placed at ${host}, submitted week ${week} (${dates}) of their logbook.`,
  hours: (hours: number, target: number) => `Hours logged: ${hours} of the agreed ${target} a week.`,
  ask: 'Please check the days and approve the week, or return it with a comment if something needs changing. You do not need an account.',
  reminderFirst: 'This week has been waiting for your sign-off for two days.',
  reminderSecond: 'This week has been waiting for your sign-off for five days; the school will follow it up if it stays unsigned.',
  resent: 'This is a new link: the one sent before no longer works.',
  expires: (when: string) => `The link works once, until ${when}.`,
  action: 'Review the week',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you supervise a trainee of ${SCHOOL_NAME} on their placement.`,
};

export interface SupervisorWeekProps {
  supervisorName: string;
  traineeName: string;
  hostName: string;
  week: number;
  /** The week's dates as people read them ("1 March 2027 to 7 March 2027"). */
  dates: string;
  hours: number;
  target: number;
  /** When the link stops working, as people read it. */
  expires: string;
  url: string;
  /** null: the first mail of this link; 'first'/'second': the +2 and +5 day reminders; 'resent': a new link from the school. */
  reminder: 'first' | 'second' | 'resent' | null;
}

/** The host supervisor's link to sign a submitted logbook week (and its reminders). */
export function SupervisorWeek(p: SupervisorWeekProps) {
  const s = supervisorWeekStrings;
  return (
    <Layout preview={s.preview(p.traineeName)} footer={s.footer}>
      <Title>{`Logbook week ${p.week}: ${p.traineeName}`}</Title>
      <Text style={paragraph}>{s.greeting(p.supervisorName)}</Text>
      {p.reminder === 'first' && <Text style={paragraph}>{s.reminderFirst}</Text>}
      {p.reminder === 'second' && <Text style={paragraph}>{s.reminderSecond}</Text>}
      {p.reminder === 'resent' && <Text style={paragraph}>{s.resent}</Text>}
      <Text style={paragraph}>{s.intro(p.traineeName, p.hostName, p.week, p.dates)}</Text>
      <Text style={paragraph}>{s.hours(p.hours, p.target)}</Text>
      <Text style={paragraph}>{s.ask}</Text>
      <CallToAction href={p.url} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.expires(p.expires)}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const deadlineReminderStrings = {
  subject: (item: string) => `Due in 24 hours: ${item}`,
  preview: (item: string, deadline: string) => `${item} is due ${deadline}.`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (item: string, cohort: string) => `${item} in ${cohort} is required and you have not submitted it yet.`,
  due: 'Due',
  action: 'Open it in your class',
  linkIntro: 'Or open this link in your browser:',
  unsubscribe: 'Stop deadline reminders',
  footer: `You receive this reminder because you are enrolled in a cohort at ${SCHOOL_NAME}. You can turn reminders off in your settings.`,
};

export interface DeadlineReminderProps {
  firstName: string;
  itemTitle: string;
  cohortTitle: string;
  /** The deadline written for people, e.g. "Friday 12 June 2026, 17:00 (UTC+08:00)". */
  deadline: string;
  classUrl: string;
  unsubscribeUrl: string;
}

/** Sent once, 24 hours before the deadline of a mandatory item the student has not submitted. */
export function DeadlineReminder({ firstName, itemTitle, cohortTitle, deadline, classUrl, unsubscribeUrl }: DeadlineReminderProps) {
  const s = deadlineReminderStrings;
  return (
    <Layout preview={s.preview(itemTitle, deadline)} footer={s.footer} unsubscribe={{ url: unsubscribeUrl, label: s.unsubscribe }}>
      <Title>{itemTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(itemTitle, cohortTitle)}</Text>
      <Text style={{ ...paragraph, margin: '0 0 16px', color: BRAND.navy }}>
        <strong>{s.due}:</strong> {deadline}
      </Text>
      <CallToAction href={classUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

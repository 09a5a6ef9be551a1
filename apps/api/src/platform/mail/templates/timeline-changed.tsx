import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const timelineChangedStrings = {
  subject: (cohort: string) => `Your dates in ${cohort} have changed`,
  preview: (count: number) => (count === 1 ? 'One of your dates has moved.' : `${count} of your dates have moved.`),
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (cohort: string) => `The timeline of ${cohort} has changed. These of your dates moved:`,
  was: 'was',
  gone: 'no longer on your timeline',
  more: (n: number) => (n === 1 ? 'One more date moved: your schedule shows it.' : `${n} more dates moved: your schedule shows them all.`),
  action: 'See your schedule',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you are enrolled in a cohort at ${SCHOOL_NAME}.`,
};

export interface TimelineChangedProps {
  firstName: string;
  cohortTitle: string;
  /** Each date that moved, as people read it ("Monday, 8 March 2027 at 23:59 (Malaysia time)"); `after` null: removed. */
  changes: { title: string; before: string | null; after: string | null }[];
  /** How many more dates moved than are listed. */
  more: number;
  scheduleUrl: string;
}

/** One message per student per change of the timeline, listing every date of theirs that moved. */
export function TimelineChanged({ firstName, cohortTitle, changes, more, scheduleUrl }: TimelineChangedProps) {
  const s = timelineChangedStrings;
  return (
    <Layout preview={s.preview(changes.length + more)} footer={s.footer}>
      <Title>{cohortTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(cohortTitle)}</Text>
      {changes.map((c, i) => (
        <Text key={i} style={{ ...paragraph, margin: '0 0 12px', color: BRAND.navy }}>
          <strong>{c.title}:</strong> {c.after ?? s.gone}
          {c.before ? ` (${s.was} ${c.before})` : ''}
        </Text>
      ))}
      {more > 0 ? <Text style={paragraph}>{s.more(more)}</Text> : null}
      <CallToAction href={scheduleUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

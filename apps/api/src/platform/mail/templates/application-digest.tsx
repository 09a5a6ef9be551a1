import { SCHOOL_NAME } from '@school/contracts';
import { Column, Row, Section, Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const applicationDigestStrings = {
  subject: (count: number, day: string) => `${count} new programme application${count === 1 ? '' : 's'} on ${day}`,
  preview: (count: number) => `${count} new programme application${count === 1 ? '' : 's'} to review.`,
  heading: 'New programme applications',
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (count: number, day: string) =>
    `${count} programme application${count === 1 ? ' was' : 's were'} submitted on ${day}${count === 1 ? '' : ', newest first'}:`,
  action: 'Review applications',
  linkIntro: 'Or open this link in your browser:',
  unsubscribe: 'Stop the daily digest',
  footer: `You receive this daily digest because you are an administrator of ${SCHOOL_NAME}. You can turn it off in your settings.`,
};

export interface DigestApplication {
  fullName: string;
  email: string;
  programme: string;
  /** The submission time written for people, e.g. "14:05". */
  submitted: string;
}

export interface ApplicationDigestProps {
  firstName: string;
  /** The day covered, written for people, e.g. "12 June 2026". */
  day: string;
  applications: DigestApplication[];
  /** More than those listed (the list is capped). */
  more: number;
  reviewUrl: string;
  unsubscribeUrl: string;
}

/** One message a day to each admin, listing the day's new programme applications. */
export function ApplicationDigest({ firstName, day, applications, more, reviewUrl, unsubscribeUrl }: ApplicationDigestProps) {
  const s = applicationDigestStrings;
  const count = applications.length + more;
  return (
    <Layout preview={s.preview(count)} footer={s.footer} unsubscribe={{ url: unsubscribeUrl, label: s.unsubscribe }}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(count, day)}</Text>
      {applications.map((a, i) => (
        <Section key={i} style={{ borderTop: '1px solid #e5e7eb', padding: '10px 0' }}>
          <Row>
            <Column>
              <Text style={{ margin: 0, fontSize: 16, lineHeight: '24px', color: BRAND.navy, fontWeight: 600 }}>{a.fullName}</Text>
              <Text style={{ margin: 0, fontSize: 14, lineHeight: '20px', color: BRAND.text, wordBreak: 'break-word' }}>
                {a.programme} · {a.email}
              </Text>
              <Text style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: BRAND.muted }}>{a.submitted}</Text>
            </Column>
          </Row>
        </Section>
      ))}
      {more > 0 && <Text style={{ ...paragraph, color: BRAND.muted }}>{`and ${more} more.`}</Text>}
      <CallToAction href={reviewUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

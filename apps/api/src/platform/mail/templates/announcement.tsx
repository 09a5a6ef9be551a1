import { linkParts, SCHOOL_NAME } from '@school/contracts';
import { Link, Section, Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the two messages, in one place. */
export const announcementStrings = {
  subject: (cohort: string, title: string) => `${cohort}: ${title}`,
  digestSubject: (count: number, day: string) => `${count} announcement${count === 1 ? '' : 's'} in your classes on ${day}`,
  greeting: (firstName: string) => `Hello ${firstName},`,
  from: (author: string, cohort: string) => `${author} posted to ${cohort}:`,
  digestIntro: (count: number, day: string) => `${count === 1 ? 'An announcement was' : `${count} announcements were`} posted on ${day}:`,
  action: 'Open your class',
  digestAction: 'Open your dashboard',
  linkIntro: 'Or open this link in your browser:',
  unsubscribe: 'Stop announcement emails',
  footer: `You receive this because you are enrolled in a cohort at ${SCHOOL_NAME}. You can choose each announcement, a daily digest or none in your settings.`,
};

/** Plain text with its line breaks kept and its web addresses as links; React escapes the rest. */
function PlainBody({ text }: { text: string }) {
  return (
    <Text style={{ ...paragraph, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {linkParts(text).map((p, i) =>
        'href' in p ? (
          <Link key={i} href={p.href} style={{ color: BRAND.primary }}>
            {p.text}
          </Link>
        ) : (
          p.text
        ),
      )}
    </Text>
  );
}

export interface AnnouncementProps {
  firstName: string;
  title: string;
  body: string;
  authorName: string;
  cohortTitle: string;
  classUrl: string;
  unsubscribeUrl: string;
}

/** One announcement as it goes out, to a student who chose each one. */
export function Announcement({ firstName, title, body, authorName, cohortTitle, classUrl, unsubscribeUrl }: AnnouncementProps) {
  const s = announcementStrings;
  return (
    <Layout preview={title} footer={s.footer} unsubscribe={{ url: unsubscribeUrl, label: s.unsubscribe }}>
      <Title>{title}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={{ ...paragraph, color: BRAND.muted }}>{s.from(authorName, cohortTitle)}</Text>
      <PlainBody text={body} />
      <CallToAction href={classUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

export interface AnnouncementDigestProps {
  firstName: string;
  /** The day covered, written for people, e.g. "12 June 2026". */
  day: string;
  announcements: { title: string; body: string; authorName: string; cohortTitle: string }[];
  dashboardUrl: string;
  unsubscribeUrl: string;
}

/** One message a day listing the day's announcements, to a student who chose the digest. */
export function AnnouncementDigest({ firstName, day, announcements, dashboardUrl, unsubscribeUrl }: AnnouncementDigestProps) {
  const s = announcementStrings;
  return (
    <Layout
      preview={s.digestIntro(announcements.length, day)}
      footer={s.footer}
      unsubscribe={{ url: unsubscribeUrl, label: s.unsubscribe }}
    >
      <Title>{s.digestSubject(announcements.length, day)}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.digestIntro(announcements.length, day)}</Text>
      {announcements.map((a, i) => (
        <Section key={i} style={{ borderTop: '1px solid #e5e7eb', padding: '10px 0' }}>
          <Text style={{ margin: 0, fontSize: 16, lineHeight: '24px', color: BRAND.navy, fontWeight: 600 }}>{a.title}</Text>
          <Text style={{ margin: 0, fontSize: 13, lineHeight: '20px', color: BRAND.muted }}>{s.from(a.authorName, a.cohortTitle)}</Text>
          <PlainBody text={a.body} />
        </Section>
      ))}
      <CallToAction href={dashboardUrl} label={s.digestAction} linkIntro={s.linkIntro} />
    </Layout>
  );
}

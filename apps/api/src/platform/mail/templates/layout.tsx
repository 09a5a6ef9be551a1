import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { SCHOOL_NAME, wordmarkParts } from '@school/contracts';
import type { ReactNode } from 'react';

/** The brand, as the apps' design tokens give it (packages/ui styles.css). */
export const BRAND = {
  name: SCHOOL_NAME,
  navy: '#0b1f3a',
  teal: '#14b8a6',
  primary: '#0f766e',
  text: '#1f2937',
  muted: '#4b5563',
  background: '#f3f6fb',
} as const;

const WORDMARK = wordmarkParts(SCHOOL_NAME);
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * The chip mark drawn with table cells (no image: many clients block images and none show SVG),
 * beside the wordmark.
 */
function Logo() {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
      <tbody>
        <tr>
          <td
            style={{ backgroundColor: BRAND.navy, width: 28, height: 28, padding: 7, borderRadius: 4, border: `2px solid ${BRAND.teal}` }}
          >
            <div style={{ backgroundColor: BRAND.teal, width: 14, height: 14, borderRadius: 2, lineHeight: '14px', fontSize: 1 }}>
              &nbsp;
            </div>
          </td>
          <td style={{ paddingLeft: 10, fontFamily: font, fontSize: 20, color: '#ffffff' }}>
            <strong>{WORDMARK.strong}</strong> {WORDMARK.light}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The footer's link to stop a kind of mail (every message the recipient may turn off has one). */
export interface Unsubscribe {
  url: string;
  label: string;
}

/** Every message's frame: the navy header with the logo, a white card, and the footer line (and unsubscribe link). */
export function Layout({
  preview,
  footer,
  unsubscribe,
  children,
}: {
  preview: string;
  footer: string;
  unsubscribe?: Unsubscribe;
  children: ReactNode;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: BRAND.background, margin: 0, padding: '24px 0', fontFamily: font }}>
        <Container style={{ maxWidth: 600, width: '100%', margin: '0 auto' }}>
          <Section style={{ backgroundColor: BRAND.navy, padding: '20px 24px', borderRadius: '8px 8px 0 0' }}>
            <Logo />
          </Section>
          <Section style={{ backgroundColor: '#ffffff', padding: '8px 24px 24px', borderRadius: '0 0 8px 8px', color: BRAND.text }}>
            {children}
          </Section>
          <Hr style={{ borderColor: 'transparent', margin: '8px 0' }} />
          <Text style={{ color: BRAND.muted, fontSize: 12, lineHeight: '18px', textAlign: 'center', margin: '0 24px' }}>{footer}</Text>
          {unsubscribe && (
            <Text style={{ color: BRAND.muted, fontSize: 12, lineHeight: '18px', textAlign: 'center', margin: '8px 24px 0' }}>
              <Link href={unsubscribe.url} style={{ color: BRAND.muted, textDecoration: 'underline' }}>
                {unsubscribe.label}
              </Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: 16, lineHeight: '24px', margin: '16px 0' } as const;

/** A heading in the brand's type. */
export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ fontSize: 24, lineHeight: '32px', color: BRAND.navy, margin: '16px 0 8px' }}>
      {children}
    </Heading>
  );
}

/** The message's one action: a button, then the same link written out for clients that hide buttons. */
export function CallToAction({ href, label, linkIntro }: { href: string; label: string; linkIntro: string }) {
  return (
    <>
      <Section style={{ margin: '24px 0' }}>
        <Button
          href={href}
          style={{
            backgroundColor: BRAND.primary,
            color: '#ffffff',
            fontSize: 16,
            fontWeight: 600,
            padding: '12px 20px',
            borderRadius: 6,
            textDecoration: 'none',
          }}
        >
          {label}
        </Button>
      </Section>
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>
        {linkIntro}{' '}
        <Link href={href} style={{ color: BRAND.primary, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

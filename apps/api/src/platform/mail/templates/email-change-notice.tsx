import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const emailChangeNoticeStrings = {
  subject: `Your ${SCHOOL_NAME} email is about to change`,
  preview: 'Someone asked to change the email of your account.',
  heading: 'Your email is about to change',
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (email: string) =>
    `Someone signed in to your ${SCHOOL_NAME} account asked to change its email to ${email}. The change takes effect once it is confirmed from that address.`,
  question: 'Was this not you? Cancel the change, then change your password:',
  action: 'Cancel the change',
  linkIntro: 'Or open this link in your browser:',
  validity: (days: number) => `The link works for ${days} days: it cancels the change, or undoes it if it was already confirmed.`,
  fine: 'If you asked for it, there is nothing to do here.',
  footer: `You receive this security notice because the email of your ${SCHOOL_NAME} account is changing.`,
};

export interface EmailChangeNoticeProps {
  firstName: string;
  newEmail: string;
  cancelUrl: string;
  validDays: number;
}

/** The security notice to the old address, with the link that cancels the change. */
export function EmailChangeNotice({ firstName, newEmail, cancelUrl, validDays }: EmailChangeNoticeProps) {
  const s = emailChangeNoticeStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(newEmail)}</Text>
      <Text style={paragraph}>{s.question}</Text>
      <CallToAction href={cancelUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.validity(validDays)}</Text>
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.fine}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';
import { unprovenGreeting } from './unproven-greeting';

/**
 * Every string of the message, in one place. The address is not proven yet, so the only text the
 * person registering chose is their first name, and only when it reads as a name (unprovenGreeting).
 */
export const emailVerificationStrings = {
  subject: `Confirm your ${SCHOOL_NAME} email`,
  preview: 'Open the link to confirm this address.',
  heading: 'Confirm your email',
  greeting: unprovenGreeting,
  intro: (email: string) =>
    `A ${SCHOOL_NAME} account was created with ${email}. Confirm that this address is yours with this link, so that the classes you are invited to can reach you:`,
  action: 'Confirm my email',
  linkIntro: 'Or open this link in your browser:',
  validity: (hours: number) => `The link is valid for ${hours} hours and works once.`,
  ignore: 'If you did not create this account, ignore this email: the account cannot join any class in your name.',
  footer: `You receive this email because a ${SCHOOL_NAME} account was created with this address.`,
};

export interface EmailVerificationProps {
  firstName: string;
  email: string;
  verifyUrl: string;
  validHours: number;
}

/** The link that proves a self-registered account holds its email, sent to that address. */
export function EmailVerification({ firstName, email, verifyUrl, validHours }: EmailVerificationProps) {
  const s = emailVerificationStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(email)}</Text>
      <CallToAction href={verifyUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.validity(validHours)}</Text>
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.ignore}</Text>
    </Layout>
  );
}

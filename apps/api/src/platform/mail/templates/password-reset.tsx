import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const passwordResetStrings = {
  subject: `Reset your ${SCHOOL_NAME} password`,
  preview: 'A link to choose a new password, valid for 30 minutes.',
  heading: 'Reset your password',
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: `Someone asked to reset the password of your ${SCHOOL_NAME} account. Choose a new password with this link:`,
  action: 'Choose a new password',
  linkIntro: 'Or open this link in your browser:',
  validity: (minutes: number) =>
    `The link is valid for ${minutes} minutes and works once. Signing in with your current password cancels it.`,
  ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  footer: `You receive this email because a password reset was requested for your ${SCHOOL_NAME} account.`,
};

export interface PasswordResetProps {
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}

/** The link to choose a new password, sent on request from /login/reset-password. */
export function PasswordReset({ firstName, resetUrl, validMinutes }: PasswordResetProps) {
  const s = passwordResetStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro}</Text>
      <CallToAction href={resetUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.validity(validMinutes)}</Text>
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.ignore}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const emailChangeUndoneStrings = {
  subject: `Your ${SCHOOL_NAME} email was restored`,
  preview: 'The change of your email was undone and every device was signed out.',
  heading: 'Your email was restored',
  greeting: (firstName: string) => `Hello ${firstName},`,
  intro: (oldEmail: string, newEmail: string) =>
    `The change of your ${SCHOOL_NAME} account's email to ${newEmail} was undone from the link sent to this address. You sign in with ${oldEmail} again.`,
  sessions: 'Every device signed in to your account was signed out.',
  question: 'If you did not ask for the change, choose a new password now:',
  action: 'Reset my password',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this security notice because the email of your ${SCHOOL_NAME} account was restored.`,
};

export interface EmailChangeUndoneProps {
  firstName: string;
  oldEmail: string;
  newEmail: string;
  resetUrl: string;
}

/** The notice to the restored address after a confirmed change was undone. */
export function EmailChangeUndone({ firstName, oldEmail, newEmail, resetUrl }: EmailChangeUndoneProps) {
  const s = emailChangeUndoneStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(oldEmail, newEmail)}</Text>
      <Text style={{ ...paragraph, color: BRAND.muted }}>{s.sessions}</Text>
      <Text style={paragraph}>{s.question}</Text>
      <CallToAction href={resetUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place (no name: the account may not have proven its address). */
export const failedSignInsStrings = {
  subject: `Many failed sign-ins on your ${SCHOOL_NAME} account`,
  preview: 'Someone tried many wrong passwords on your account.',
  heading: 'Many failed sign-ins on your account',
  greeting: 'Hello,',
  intro: (attempts: number) =>
    `Your account saw ${attempts} failed sign-ins within the hour, from one or more networks. To protect it, new sign-ins from other devices wait a few minutes.`,
  still:
    'You can still sign in from a device you have signed in with before. Or choose a new password with this link: it works at once and stops the wait.',
  action: 'Reset my password',
  linkIntro: 'Or open this link in your browser:',
  ignore: 'If these were your own attempts, you can ignore this email.',
  footer: `You receive this email because of failed sign-ins on your ${SCHOOL_NAME} account.`,
};

export interface FailedSignInsProps {
  attempts: number;
  resetUrl: string;
}

/** Tells the owner that their account is being guessed at, and how to get in anyway. */
export function FailedSignIns({ attempts, resetUrl }: FailedSignInsProps) {
  const s = failedSignInsStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting}</Text>
      <Text style={paragraph}>{s.intro(attempts)}</Text>
      <Text style={paragraph}>{s.still}</Text>
      <CallToAction href={resetUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.ignore}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { BRAND, CallToAction, Layout, paragraph, Title } from './layout';

/**
 * Every string of the message, in one place. It goes to an address the account has not proven, so
 * it carries nothing the account's holder chose (no name): only the address itself.
 */
export const emailChangeConfirmStrings = {
  subject: `Confirm your new ${SCHOOL_NAME} email`,
  preview: 'Open the link to make this your sign-in email.',
  heading: 'Confirm your new email',
  greeting: 'Hello,',
  intro: (email: string) => `You asked to use ${email} to sign in to ${SCHOOL_NAME}. Confirm it with this link:`,
  action: 'Confirm my new email',
  linkIntro: 'Or open this link in your browser:',
  validity: (hours: number) =>
    `The link is valid for ${hours} hours and works once. Until then you keep signing in with your current email.`,
  ignore: 'If you did not ask for this, ignore this email: nothing changes.',
  footer: `You receive this email because someone asked to change the email of a ${SCHOOL_NAME} account to this address.`,
};

export interface EmailChangeConfirmProps {
  newEmail: string;
  confirmUrl: string;
  validHours: number;
}

/** The link that makes a new address the account's email, sent to that address. */
export function EmailChangeConfirm({ newEmail, confirmUrl, validHours }: EmailChangeConfirmProps) {
  const s = emailChangeConfirmStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{s.heading}</Title>
      <Text style={paragraph}>{s.greeting}</Text>
      <Text style={paragraph}>{s.intro(newEmail)}</Text>
      <CallToAction href={confirmUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.validity(validHours)}</Text>
      <Text style={{ ...paragraph, fontSize: 14, color: BRAND.muted }}>{s.ignore}</Text>
    </Layout>
  );
}

import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/**
 * Every string of the message, in one place. Anyone may name any address on the public form, so
 * the message carries nothing the sender typed (no name): only the catalogue's own words.
 */
export const admissionReceivedStrings = {
  subject: (programme: string) => `We have received your application to ${programme}`,
  preview: 'Follow your application with your private link.',
  greeting: 'Hello,',
  intro: (programme: string, course: string) => `Thank you for applying to ${programme} (${course}). We have received your application.`,
  next: 'We check every application against the programme’s requirements, then our reviewers read it. We will email you at each decision.',
  action: 'See your application’s status',
  linkIntro: 'Or open this private link in your browser:',
  keep: 'Keep this email: the link is yours alone and shows your application’s status at any time, without an account.',
  footer: `You receive this email because you applied to a programme of ${SCHOOL_NAME}.`,
};

export interface AdmissionReceivedProps {
  programme: string;
  course: string;
  statusUrl: string;
}

/** The confirmation of a submitted application, with the private status link. */
export function AdmissionReceived({ programme, course, statusUrl }: AdmissionReceivedProps) {
  const s = admissionReceivedStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting}</Text>
      <Text style={paragraph}>{s.intro(programme, course)}</Text>
      <Text style={paragraph}>{s.next}</Text>
      <CallToAction href={statusUrl} label={s.action} linkIntro={s.linkIntro} />
      <Text style={paragraph}>{s.keep}</Text>
    </Layout>
  );
}

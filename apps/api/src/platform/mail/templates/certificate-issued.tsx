import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the message, in one place. */
export const certificateIssuedStrings = {
  subject: (certificate: string) => `Your certificate is ready: ${certificate}`,
  preview: (certificate: string) => `Congratulations, you have earned ${certificate}.`,
  greeting: (firstName: string) => `Congratulations ${firstName},`,
  intro: (certificate: string, cohort: string) => `You have earned the certificate ${certificate} for ${cohort}.`,
  action: 'View and download it',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because a certificate of ${SCHOOL_NAME} was issued to you.`,
};

export interface CertificateIssuedProps {
  firstName: string;
  certificateTitle: string;
  cohortTitle: string;
  certificatesUrl: string;
}

/** Sent when a certificate is issued to a student. */
export function CertificateIssued({ firstName, certificateTitle, cohortTitle, certificatesUrl }: CertificateIssuedProps) {
  const s = certificateIssuedStrings;
  return (
    <Layout preview={s.preview(certificateTitle)} footer={s.footer}>
      <Title>{certificateTitle}</Title>
      <Text style={paragraph}>{s.greeting(firstName)}</Text>
      <Text style={paragraph}>{s.intro(certificateTitle, cohortTitle)}</Text>
      <CallToAction href={certificatesUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

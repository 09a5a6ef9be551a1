import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { Layout, paragraph, Title } from './layout';

/** The answers to an applicant's request to erase their personal data. */
const common = {
  greeting: (name: string) => `Hello ${name},`,
  footer: `You receive this email because you asked ${SCHOOL_NAME} to erase the data of your application.`,
};

export const admissionErasedStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme}: your personal data is erased`,
  preview: 'We have erased the personal data of your application.',
  body: (programme: string) =>
    `As you asked, we have erased the personal data of your application to ${programme}: your answers, your name, email, phone numbers, date of birth and the documents you uploaded. What remains is an anonymous record (its reference, intake, state and dates) kept for our statistics. Your private link no longer opens the application.`,
};

export const admissionErasureRefusedStrings = {
  ...common,
  subject: (programme: string) => `Your application to ${programme}: your erasure request`,
  preview: 'We cannot erase the data of your application now.',
  body: (programme: string) =>
    `We have looked at your request to erase the personal data of your application to ${programme}, and we cannot erase it now.`,
  reason: 'The reason:',
  contact: 'Reply to this email if you have a question; you can ask again through your private link.',
};

export interface AdmissionErasureProps {
  name: string;
  programme: string;
  /** Why it was refused (empty when erased). */
  reason: string;
}

/** The personal data of the application is erased, as the applicant asked. */
export function AdmissionErased({ name, programme }: AdmissionErasureProps) {
  const s = admissionErasedStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(programme)}</Text>
    </Layout>
  );
}

/** The school refused the erasure request, with its reason. */
export function AdmissionErasureRefused({ name, programme, reason }: AdmissionErasureProps) {
  const s = admissionErasureRefusedStrings;
  return (
    <Layout preview={s.preview} footer={s.footer}>
      <Title>{programme}</Title>
      <Text style={paragraph}>{s.greeting(name)}</Text>
      <Text style={paragraph}>{s.body(programme)}</Text>
      <Text style={paragraph}>
        <strong>{s.reason}</strong> {reason}
      </Text>
      <Text style={paragraph}>{s.contact}</Text>
    </Layout>
  );
}

import { Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import { CallToAction, Layout, paragraph, Title } from './layout';
import type { RenderedMail } from './index';

/**
 * A message whose words an admin wrote (an intake's edited template), already filled in: its
 * paragraphs in the brand's frame, then the message's one action (the private link) and its footer.
 */
export interface EditedMessage {
  subject: string;
  title: string;
  /** The body, paragraphs separated by a blank line (single line breaks kept). */
  body: string;
  action: { url: string; label: string; linkIntro: string };
  footer: string;
}

const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Edited({ m }: { m: EditedMessage }) {
  const paragraphs = paragraphsOf(m.body);
  return (
    <Layout preview={paragraphs[0] ?? m.subject} footer={m.footer}>
      <Title>{m.title}</Title>
      {paragraphs.map((p, i) => (
        <Text key={i} style={{ ...paragraph, whiteSpace: 'pre-line' }}>
          {p}
        </Text>
      ))}
      <CallToAction href={m.action.url} label={m.action.label} linkIntro={m.action.linkIntro} />
    </Layout>
  );
}

/** An edited message rendered to HTML (the text is escaped as any React text) and its plain-text twin. */
export async function renderEditedMessage(m: EditedMessage): Promise<RenderedMail> {
  const html = await render(<Edited m={m} />);
  return { subject: m.subject, html, text: toPlainText(html) };
}

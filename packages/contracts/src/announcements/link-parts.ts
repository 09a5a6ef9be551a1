/** A piece of plain text: words as they are, or a web address to show as a link. */
export type TextPart = { text: string } | { href: string; text: string };

// http(s) addresses only: a `javascript:` or `data:` "link" stays text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org/a.").
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits plain text into words and web addresses, so readers show the addresses as links and
 * everything else as text (never as HTML).
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const trail = TRAILING.exec(m[0])?.[0] ?? '';
    const href = m[0].slice(0, m[0].length - trail.length);
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href, text: href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

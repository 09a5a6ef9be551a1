import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('linkParts', () => {
  it('keeps text as text and marks web addresses, leaving sentence punctuation out of them', () => {
    expect(linkParts('See https://example.org/a?b=1. Then (http://x.test/y)!')).toEqual([
      { text: 'See ' },
      { href: 'https://example.org/a?b=1', text: 'https://example.org/a?b=1' },
      { text: '. Then (' },
      { href: 'http://x.test/y', text: 'http://x.test/y' },
      { text: ')!' },
    ]);
  });

  it('never makes a link of markup or other schemes', () => {
    const s = '<script>alert(1)</script> javascript:alert(1) <img src=x onerror=alert(1)>';
    expect(linkParts(s)).toEqual([{ text: s }]);
    expect(linkParts('')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition } from './storage.service';

describe('contentDisposition', () => {
  it('names the file in UTF-8 with its combining marks (Tamil vowel signs) and in ASCII beside it', () => {
    const name = 'Cleanroom Safety - சுரேஷ் குமார்.pdf';
    const header = contentDisposition(name, true);
    const [, ascii, utf8] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(header)!;
    expect(decodeURIComponent(utf8)).toBe(name);
    expect(ascii).toBe('Cleanroom Safety - _ _.pdf');
    expect(contentDisposition('notes.pdf', false)).toBe(`inline; filename="notes.pdf"; filename*=UTF-8''notes.pdf`);
  });

  it('keeps the UTF-8 name within RFC 5987 characters and the ASCII one free of quotes', () => {
    expect(contentDisposition(`it's (final) "v2"*.pdf`, true)).toBe(
      `attachment; filename="it's (final) _v2_*.pdf"; filename*=UTF-8''it%27s%20%28final%29%20%22v2%22%2A.pdf`,
    );
  });

  it('drops accents in the ASCII name, and falls back to download when no letter is left', () => {
    expect(asciiFileName('Café résumé.pdf')).toBe('Cafe resume.pdf');
    expect(asciiFileName('陈美玲.pdf')).toBe('download.pdf');
    expect(asciiFileName('குமார்')).toBe('download');
  });
});

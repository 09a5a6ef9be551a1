import { describe, expect, it } from 'vitest';
import { issueVisitorToken, VISITOR_TOKEN_TTL_SECONDS, verifyVisitorToken } from './visitor-token';

const SECRET = 'a'.repeat(40);

describe('visitor tokens', () => {
  it('identify the visitor they were issued to until they expire', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const { token, expires_in } = issueVisitorToken(SECRET, now);
    expect(expires_in).toBe(VISITOR_TOKEN_TTL_SECONDS);
    const id = verifyVisitorToken(SECRET, token, now);
    expect(id).toMatch(/^[\w-]{22}$/);
    expect(verifyVisitorToken(SECRET, token, now + (VISITOR_TOKEN_TTL_SECONDS - 1) * 1000)).toBe(id);
    expect(verifyVisitorToken(SECRET, token, now + VISITOR_TOKEN_TTL_SECONDS * 1000)).toBeNull();
    expect(verifyVisitorToken(SECRET, issueVisitorToken(SECRET, now).token, now)).not.toBe(id);
  });

  it('refuse forged, altered and malformed tokens', () => {
    const { token } = issueVisitorToken(SECRET);
    const [id, exp, sig] = token.split('.');
    expect(verifyVisitorToken('b'.repeat(40), token)).toBeNull();
    expect(verifyVisitorToken(SECRET, `${id}x.${exp}.${sig}`)).toBeNull();
    expect(verifyVisitorToken(SECRET, `${id}.${Number(exp) + 3600}.${sig}`)).toBeNull();
    for (const bad of [undefined, '', 'abc', `${id}.${exp}`, `${token}.x`, 'x'.repeat(300)])
      expect(verifyVisitorToken(SECRET, bad)).toBeNull();
  });
});

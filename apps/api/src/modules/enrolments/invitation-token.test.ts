import { describe, expect, it } from 'vitest';
import { tokenHash } from '../../common/token-hash';
import { newInvitationToken, openToken, sealToken } from './invitation-token';

const secret = 'a'.repeat(48);

describe('invitation tokens', () => {
  it('seal the token so that only the app secret opens it, and hash it for the database', () => {
    const t = newInvitationToken(secret, tokenHash);
    expect(t.hash).toBe(tokenHash(t.token));
    expect(t.sealed).not.toContain(t.token);
    expect(openToken(secret, t.sealed)).toBe(t.token);
    expect(() => openToken('b'.repeat(48), t.sealed)).toThrow();
  });

  it('refuse a sealed token that was altered', () => {
    const sealed = sealToken(secret, 'x'.repeat(43));
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => openToken(secret, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const SECRET = 's'.repeat(40);

describe('unsubscribe tokens', () => {
  it('name the user and kind they were signed for', () => {
    const token = signUnsubscribe(SECRET, 'abc123', 'deadline_reminders');
    expect(verifyUnsubscribe(SECRET, token)).toEqual({ userIdSlug: 'abc123', kind: 'deadline_reminders' });
  });

  it('refuse another secret, a changed user or kind, and junk', () => {
    const token = signUnsubscribe(SECRET, 'abc123', 'deadline_reminders');
    expect(verifyUnsubscribe('t'.repeat(40), token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from('other.deadline_reminders').toString('base64url')}.${signature}`;
    expect(verifyUnsubscribe(SECRET, forged)).toBeNull();
    const otherKind = `${Buffer.from('abc123.application_digest').toString('base64url')}.${signature}`;
    expect(verifyUnsubscribe(SECRET, otherKind)).toBeNull();
    expect(verifyUnsubscribe(SECRET, 'nonsense')).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, 'abc123', 'bogus' as never))).toBeNull();
  });
});

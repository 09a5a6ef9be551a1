import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@school/contracts';

/**
 * The token of an unsubscribe link: the user's public id and the kind of mail, signed with a key
 * derived from the server's secret (HMAC-SHA256). It needs no storage, names one user and one
 * kind, and cannot be made for another user without the secret.
 */
export function signUnsubscribe(secret: string, userIdSlug: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userIdSlug}.${kind}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The user and kind a token names, or null when it is not one this server signed. */
export function verifyUnsubscribe(secret: string, token: string): { userIdSlug: string; kind: NotificationKind } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userIdSlug, kind, rest] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (!userIdSlug || rest !== undefined || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  return { userIdSlug, kind: kind as NotificationKind };
}

function mac(secret: string, payload: string): string {
  const key = createHmac('sha256', secret).update('unsubscribe-link').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

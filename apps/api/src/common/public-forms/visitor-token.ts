import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a visitor token counts a visitor's public form submissions as theirs. */
export const VISITOR_TOKEN_TTL_SECONDS = 2 * 60 * 60;

const sign = (secret: string, payload: string) =>
  // Prefixed so a signature made here can never stand for anything else signed with the same secret.
  createHmac('sha256', secret).update(`visitor-token:${payload}`).digest('base64url');

/**
 * A session-less visitor token: a random id and an expiry, signed with the server's secret, so any
 * API process can check it without storing anything. It identifies a browser, not a person.
 */
export function issueVisitorToken(secret: string, now = Date.now()): { token: string; expires_in: number } {
  const payload = `${randomBytes(16).toString('base64url')}.${Math.floor(now / 1000) + VISITOR_TOKEN_TTL_SECONDS}`;
  return { token: `${payload}.${sign(secret, payload)}`, expires_in: VISITOR_TOKEN_TTL_SECONDS };
}

/** The visitor id of a valid, unexpired token; null for anything else (forged, expired, malformed). */
export function verifyVisitorToken(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, exp, signature] = parts;
  const expected = Buffer.from(sign(secret, `${id}.${exp}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= now) return null;
  return id;
}

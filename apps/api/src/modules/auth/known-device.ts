import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config';

/**
 * A browser that signed in to an account keeps a cookie saying so (httpOnly, sent only to
 * /api/auth): a random id signed with the server's secret together with the account's email. At
 * login it lets the owner's own device past the account-wide ceiling on failed sign-ins, which
 * strangers guessing from many addresses can spend (LoginThrottleService); the per-address limits
 * still hold it. It holds no session and proves nothing else.
 */
export const KNOWN_DEVICE_COOKIE = 'school_device';
const MAX_AGE_MS = 365 * 86_400_000;

const sign = (secret: string, email: string, id: string) =>
  createHmac('sha256', secret).update(`known-device:${email.toLowerCase()}:${id}`).digest('base64url');

function options(config: AppConfig): CookieOptions {
  return { httpOnly: true, secure: config.COOKIE_SECURE, sameSite: 'strict', path: '/api/auth', domain: config.COOKIE_DOMAIN };
}

/** Marks the browser as a known device of the account with this email (after a successful sign-in). */
export function rememberDevice(res: Response, config: AppConfig, secret: string, email: string): void {
  const id = randomBytes(16).toString('base64url');
  res.cookie(KNOWN_DEVICE_COOKIE, `${id}.${sign(secret, email, id)}`, { ...options(config), maxAge: MAX_AGE_MS });
}

/** Whether the request comes from a browser that signed in to the account with this email before. */
export function isKnownDevice(req: Request, secret: string, email: string): boolean {
  const value: unknown = req.cookies?.[KNOWN_DEVICE_COOKIE];
  if (typeof value !== 'string' || value.length > 200) return false;
  const [id, signature, extra] = value.split('.');
  if (!id || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, email, id));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

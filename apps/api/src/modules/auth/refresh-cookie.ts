import { ForbiddenException, Logger } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config';

export const REFRESH_COOKIE = 'school_refresh';
/**
 * Set beside the refresh cookie, readable by the apps' scripts (and holding no secret), so that a
 * page restores a session only when one may exist: signed-out visitors make no refresh call.
 * The apps read it under this name (packages/ui's session.tsx).
 */
export const SESSION_HINT_COOKIE = 'school_has_session';
/** Browsers (the three apps) mark every call with this header; it also guards the cookie against CSRF. */
export const BROWSER_HEADER = 'x-requested-with';

export const isBrowserCall = (req: Request) => typeof req.headers[BROWSER_HEADER] === 'string';

function cookieOptions(config: AppConfig): CookieOptions {
  return {
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'strict',
    path: '/api/auth',
    domain: config.COOKIE_DOMAIN,
  };
}

/** Readable by every app at the origin (or, with COOKIE_DOMAIN, across the subdomains). */
function hintOptions(config: AppConfig): CookieOptions {
  return { httpOnly: false, secure: config.COOKIE_SECURE, sameSite: 'strict', path: '/', domain: config.COOKIE_DOMAIN };
}

export function setRefreshCookie(res: Response, config: AppConfig, token: string) {
  const maxAge = config.REFRESH_TOKEN_TTL_DAYS * 86_400_000;
  res.cookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge });
  res.cookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(config), maxAge });
}

export function clearRefreshCookie(res: Response, config: AppConfig) {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  res.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}

/**
 * The refresh token of a call: from the JSON body (API consumers), or from the cookie,
 * which is only honoured on calls carrying the browser header.
 */
export function readRefreshToken(req: Request, bodyToken?: string): string | undefined {
  if (bodyToken) return bodyToken;
  if (!isBrowserCall(req)) return undefined;
  return req.cookies?.[REFRESH_COOKIE];
}

export const PLAIN_HTTP_SIGN_IN_MESSAGE =
  'This site is served over plain http, so your browser would drop the sign-in cookie. Open it with https://, or ask the site operator to serve it over HTTPS or set COOKIE_SECURE=false.';

/** Browsers keep Secure cookies over http only on loopback hosts (localhost, 127.0.0.1, [::1]). */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';

/**
 * The page's origin when a browser signs in from plain http on a host other than localhost, where
 * it would silently drop the Secure refresh cookie; null otherwise. The Origin header is what the
 * browser sees, whatever proxies stand between; without it the request's own scheme and host decide.
 */
export function insecureBrowserOrigin(req: Request, config: AppConfig): string | null {
  if (!config.COOKIE_SECURE || !isBrowserCall(req)) return null;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim();
  const origin = req.headers.origin ?? `${forwarded || req.protocol}://${req.headers.host ?? 'localhost'}`;
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === 'http:' && !isLoopback(url.hostname) ? url.origin : null;
}

let warnedOperator = false;

/**
 * Refuses a browser sign-in whose cookie could not be kept, with a message the sign-in form shows,
 * and tells the operator once what to set: signing in would otherwise "work" and land on /login.
 */
export function assertCookieCanBeKept(req: Request, config: AppConfig): void {
  const origin = insecureBrowserOrigin(req, config);
  if (!origin) return;
  if (!warnedOperator) {
    warnedOperator = true;
    Logger.warn(
      `Sign-in from ${origin} refused: the site is reached over plain http and browsers drop the Secure sign-in cookie there. ` +
        'Serve it over HTTPS (a proxy in front must pass X-Forwarded-Proto: https), or set COOKIE_SECURE=false on a trusted network.',
      'Auth',
    );
  }
  throw new ForbiddenException(PLAIN_HTTP_SIGN_IN_MESSAGE);
}

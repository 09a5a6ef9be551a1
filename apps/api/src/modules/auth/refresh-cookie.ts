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

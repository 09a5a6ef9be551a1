import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The code on the facilitator's screen changes every 30 seconds. */
export const CHECK_IN_PERIOD_MS = 30_000;

/** A new session's check-in secret. */
export const newCheckInSecret = () => randomBytes(32).toString('base64url');

export const periodOf = (ms: number) => Math.floor(ms / CHECK_IN_PERIOD_MS);

/** The six-digit code of a period: an HMAC of the period under the session's secret (as TOTP does). */
export function checkInCode(secret: string, period: number): string {
  const mac = createHmac('sha256', secret).update(String(period)).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/**
 * Whether a code typed at `nowMs` is the one shown now or in the period before: each code is
 * valid for two periods, so one read just before it changed still works, and one sent on by
 * message after that fails.
 */
export function codeMatches(secret: string, code: string, nowMs: number): boolean {
  const p = periodOf(nowMs);
  const typed = Buffer.from(code);
  return [p, p - 1].some((period) => {
    const expected = Buffer.from(checkInCode(secret, period));
    return expected.length === typed.length && timingSafeEqual(expected, typed);
  });
}

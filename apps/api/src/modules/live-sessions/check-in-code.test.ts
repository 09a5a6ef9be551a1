import { describe, expect, it } from 'vitest';
import { CHECK_IN_PERIOD_MS, checkInCode, codeMatches, newCheckInSecret, periodOf } from './check-in-code';

describe('the rotating check-in code', () => {
  const secret = newCheckInSecret();
  const start = 1_800_000_000_000;

  it('is six digits, the same through a period and different in the next', () => {
    const code = checkInCode(secret, periodOf(start));
    expect(code).toMatch(/^\d{6}$/);
    expect(checkInCode(secret, periodOf(start + CHECK_IN_PERIOD_MS - 1 - (start % CHECK_IN_PERIOD_MS)))).toBe(code);
    const codes = new Set(Array.from({ length: 20 }, (_, i) => checkInCode(secret, periodOf(start) + i)));
    expect(codes.size).toBeGreaterThan(18);
    // Another session's secret gives other codes.
    expect(checkInCode(newCheckInSecret(), periodOf(start))).not.toBe(code);
  });

  it('is accepted in its period and the next, and refused after that or before it was shown', () => {
    const shown = checkInCode(secret, periodOf(start));
    expect(codeMatches(secret, shown, start)).toBe(true);
    expect(codeMatches(secret, shown, start + CHECK_IN_PERIOD_MS)).toBe(true);
    expect(codeMatches(secret, shown, start + 2 * CHECK_IN_PERIOD_MS)).toBe(false);
    expect(codeMatches(secret, shown, start - CHECK_IN_PERIOD_MS)).toBe(false);
    expect(codeMatches(secret, '12345', start)).toBe(false);
  });
});

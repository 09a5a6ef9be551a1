import { afterEach, describe, expect, it } from 'vitest';
import { formatCountdown, mergeAnswers, readPending, remainingMs, settle, writePending } from './quiz-autosave';

afterEach(() => window.localStorage.clear());

describe('quiz autosave', () => {
  it('keeps unsent answers on the device across a reload and forgets them once saved', () => {
    writePending('s1', { q1: 'a', q2: ['x'] });
    expect(readPending('s1')).toEqual({ q1: 'a', q2: ['x'] });
    writePending('s1', {});
    expect(readPending('s1')).toEqual({});
  });

  it('shows pending answers over the saved ones', () => {
    expect(mergeAnswers({ q1: 'a', q2: true }, { q2: false })).toEqual({ q1: 'a', q2: false });
  });

  it('settles only the answers that did not change while they were being sent', () => {
    expect(settle({ q1: 'b', q2: 3 }, { q1: 'a', q2: 3 })).toEqual({ q1: 'b' });
  });

  it('counts down by the server clock', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(remainingMs('2026-01-01T10:05:00Z', 60_000, now)).toBe(240_000);
    expect(remainingMs('2026-01-01T09:00:00Z', 0, now)).toBe(0);
    expect(remainingMs(null, 0, now)).toBeNull();
    expect(formatCountdown(240_000)).toBe('4:00');
    expect(formatCountdown(3_909_000)).toBe('1:05:09');
    expect(formatCountdown(6_500)).toBe('0:07');
  });
});

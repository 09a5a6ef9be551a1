import { describe, expect, it } from 'vitest';
import {
  formatMalaysiaDateTime,
  formatMalaysiaTime,
  formatSchoolDate,
  fromMalaysiaInput,
  malaysiaDateOf,
  toMalaysiaInput,
} from './school-time';

describe('Malaysia time', () => {
  it('reads and writes datetime-local values as UTC+8 whatever the browser zone', () => {
    expect(fromMalaysiaInput('2026-12-01T09:30')).toBe('2026-12-01T01:30:00.000Z');
    expect(toMalaysiaInput('2026-12-01T16:00:00.000Z')).toBe('2026-12-02T00:00');
    expect(formatMalaysiaTime('2026-11-30T15:59:00.000Z')).toBe('Monday, 30 November 2026 at 23:59 (Malaysia time)');
  });

  it("writes moments and dates as the console does, on Malaysia's clock", () => {
    expect(formatMalaysiaDateTime('2026-11-30T15:59:00.000Z')).toBe('30 November 2026, 11:59 PM');
    expect(formatMalaysiaDateTime('2026-11-30T16:00:00+00:00')).toBe('1 December 2026, 12:00 AM');
    expect(malaysiaDateOf('2026-11-30T16:00:00.000Z')).toBe('2026-12-01');
    expect(formatSchoolDate('2027-03-15')).toBe('15 March 2027');
    expect(formatSchoolDate('')).toBe('');
  });
});

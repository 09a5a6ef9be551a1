import { describe, expect, it } from 'vitest';
import { openIntake } from './application-options';

describe('openIntake', () => {
  it('is the initiative taking applications at that moment, by its dates', () => {
    expect(openIntake(new Date('2025-07-01T00:00:00Z'))).toBe('youth-programme-2025');
    expect(openIntake(new Date('2026-11-22T00:00:00Z'))).toBe('youth-programme-2027');
  });

  it('is none between and after the intakes', () => {
    expect(openIntake(new Date('2026-01-01T00:00:00Z'))).toBeUndefined();
    expect(openIntake(new Date('2027-06-01T00:00:00Z'))).toBeUndefined();
  });
});

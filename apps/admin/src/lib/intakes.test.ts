import { describe, expect, it } from 'vitest';
import { currentIntake, intakeOptions } from './intakes';

describe('intakes', () => {
  it('lists the programme intakes newest first', () => {
    expect(intakeOptions().map((o) => o.value)).toEqual(['youth-programme-2027', 'youth-programme-2025']);
  });

  it('defaults to the intake open now, else the newest that has opened', () => {
    expect(currentIntake(new Date('2026-11-01T00:00:00Z'))).toBe('youth-programme-2027');
    expect(currentIntake(new Date('2026-03-01T00:00:00Z'))).toBe('youth-programme-2025');
    expect(currentIntake(new Date('2027-06-01T00:00:00Z'))).toBe('youth-programme-2027');
  });
});

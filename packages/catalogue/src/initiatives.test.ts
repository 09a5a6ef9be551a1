import { describe, expect, it } from 'vitest';
import { currentIntake, intakeOptions } from './initiatives';

describe('intakes', () => {
  it('lists the programme intakes newest first', () => {
    expect(intakeOptions()).toEqual([
      { value: 'youth-programme-2027', label: 'Semiconductor Youth Development Programme 2027' },
      { value: 'youth-programme-2025', label: 'Semiconductor Youth Development Programme 2025' },
    ]);
  });
});

describe('currentIntake', () => {
  it('is the intake taking applications', () => {
    expect(currentIntake(new Date('2026-11-23T00:00:00Z'))).toBe('youth-programme-2027');
    expect(currentIntake(new Date('2026-11-01T00:00:00Z'))).toBe('youth-programme-2027');
    expect(currentIntake(new Date('2025-07-01T00:00:00Z'))).toBe('youth-programme-2025');
  });
  it('is the newest intake that has opened between and after intakes', () => {
    expect(currentIntake(new Date('2026-01-01T00:00:00Z'))).toBe('youth-programme-2025');
    expect(currentIntake(new Date('2026-03-01T00:00:00Z'))).toBe('youth-programme-2025');
    expect(currentIntake(new Date('2027-06-01T00:00:00Z'))).toBe('youth-programme-2027');
  });
  it('is the first listed before any opened', () => {
    expect(currentIntake(new Date('2020-01-01T00:00:00Z'))).toBe('youth-programme-2027');
  });
});

import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './dates';

describe('datetime-local conversion', () => {
  it('round-trips a local date-time through ISO', () => {
    expect(toLocalInput(fromLocalInput('2025-09-01T09:30'))).toBe('2025-09-01T09:30');
  });
  it('reads a local value as local time', () => {
    expect(new Date(fromLocalInput('2025-09-01T09:30')).getHours()).toBe(9);
  });
  it('gives an empty value for nothing or garbage', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });
});

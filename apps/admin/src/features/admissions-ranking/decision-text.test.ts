import { describe, expect, it } from 'vitest';
import { acceptByInstant } from './decision-text';

describe('accept-by date', () => {
  it('reads the date and time in the browser time zone as an instant', () => {
    expect(acceptByInstant('2027-02-01', '17:30')).toBe(new Date(2027, 1, 1, 17, 30).toISOString());
    expect(acceptByInstant('2027-02-01', '')).toBe(new Date(2027, 1, 1, 23, 59).toISOString());
    expect(acceptByInstant('', '17:30')).toBeNull();
  });
});

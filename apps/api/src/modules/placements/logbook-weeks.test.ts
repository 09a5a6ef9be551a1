import { describe, expect, it } from 'vitest';
import { placementWeeks } from './logbook-weeks';

describe('placementWeeks', () => {
  it('counts seven-day weeks from the first day, the last one cut at the last day', () => {
    const weeks = placementWeeks('2027-06-28', '2027-10-17');
    expect(weeks).toHaveLength(16);
    expect(weeks[0]).toEqual({ week: 1, starts_on: '2027-06-28', ends_on: '2027-07-04' });
    expect(weeks[15]).toEqual({ week: 16, starts_on: '2027-10-11', ends_on: '2027-10-17' });
    expect(placementWeeks('2027-06-28', '2027-07-06').at(-1)).toEqual({ week: 2, starts_on: '2027-07-05', ends_on: '2027-07-06' });
  });
});

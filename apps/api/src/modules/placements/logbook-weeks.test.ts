import { describe, expect, it } from 'vitest';
import { hoursDue, placementWeeks, weekTargets } from './logbook-weeks';

describe('placementWeeks', () => {
  it('counts seven-day weeks from the first day, the last one cut at the last day', () => {
    const weeks = placementWeeks('2027-06-28', '2027-10-17');
    expect(weeks).toHaveLength(16);
    expect(weeks[0]).toEqual({ week: 1, starts_on: '2027-06-28', ends_on: '2027-07-04' });
    expect(weeks[15]).toEqual({ week: 16, starts_on: '2027-10-11', ends_on: '2027-10-17' });
    expect(placementWeeks('2027-06-28', '2027-07-06').at(-1)).toEqual({ week: 2, starts_on: '2027-07-05', ends_on: '2027-07-06' });
  });
});

describe('weekTargets', () => {
  it('takes the days of standing breaks off each week’s target, pro rata of 7 days', () => {
    // 16 weeks lengthened by a 5-day break: 117 days, the last week 5 days long.
    const weeks = weekTargets(placementWeeks('2027-06-28', '2027-10-22'), 40, [
      { starts_on: '2027-07-03', ends_on: '2027-07-07' },
      { starts_on: '2027-08-01', ends_on: '2027-08-20', withdrawn: true },
    ]);
    expect(weeks.slice(0, 3).map((w) => [w.break_days, w.target])).toEqual([
      [2, 28.6],
      [3, 22.9],
      [0, 40],
    ]);
    expect(weeks.at(-1)).toMatchObject({ starts_on: '2027-10-18', break_days: 0, target: 28.6 });
    // The agreed hours over the whole lengthened window stay 16 weeks' worth.
    expect(hoursDue(weeks, '2099-01-01')).toBe(640.1);
    expect(hoursDue(weeks, '2027-07-12')).toBe(51.5);
  });
});

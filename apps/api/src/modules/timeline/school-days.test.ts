import { MALAYSIAN_STATES } from '@school/contracts';
import Holidays from 'date-holidays';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addCalendarDays, SchoolCalendar } from './school-days';

afterEach(() => vi.restoreAllMocks());

describe('SchoolCalendar', () => {
  const national = new SchoolCalendar(null);

  it("accepts exactly the holiday library's codes for Malaysia's states", () => {
    expect(new Holidays().getStates('MY')).toEqual(MALAYSIAN_STATES);
  });

  it('adds calendar days across months and years', () => {
    expect(addCalendarDays('2027-12-30', 3)).toBe('2028-01-02');
    expect(addCalendarDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('skips Saturdays and Sundays', () => {
    expect(national.isSchoolDay('2027-04-02')).toBe(true); // Friday
    expect(national.isSchoolDay('2027-04-03')).toBe(false);
    expect(national.isSchoolDay('2027-04-04')).toBe(false);
    expect(national.addSchoolDays('2027-04-02', 1)).toBe('2027-04-05');
    expect(national.addSchoolDays('2027-04-01', 5)).toBe('2027-04-08');
  });

  it('skips Fridays and Saturdays, not Sundays, in Kedah, Kelantan and Terengganu', () => {
    // 2027-04-15 is a Thursday: the next school day there is Sunday the 18th.
    for (const state of ['02', '03', '11'] as const) {
      const calendar = new SchoolCalendar(state);
      expect(calendar.addSchoolDays('2027-04-15', 1)).toBe('2027-04-18');
      expect(calendar.isSchoolDay('2027-04-16')).toBe(false);
      expect(calendar.isSchoolDay('2027-04-18')).toBe(true);
    }
    expect(new SchoolCalendar('10').addSchoolDays('2027-04-15', 1)).toBe('2027-04-16');
  });

  it('skips national public holidays', () => {
    expect(national.holidayOn('2027-08-31')).toBe('Hari Kebangsaan');
    expect(national.holidayOn('2027-09-16')).toBe('Hari Malaysia');
    expect(national.isSchoolDay('2027-08-31')).toBe(false); // a Tuesday
    expect(national.addSchoolDays('2027-08-30', 1)).toBe('2027-09-01');
    expect(national.addSchoolDays('2027-09-15', 1)).toBe('2027-09-17');
    // Hari Raya Aidil Fitri, which the library dates from the evening before, lands on its own day.
    expect(national.holidayOn('2027-03-09')).toBe('Hari Raya Aidil Fitri');
    expect(national.isSchoolDay('2027-03-08')).toBe(true);
  });

  it("skips a state's own holiday in that state only", () => {
    const penang = new SchoolCalendar('07');
    const heritage = new Holidays('MY', '07').getHolidays(2027).find((h) => h.name === 'Declaration of George Town as World Heritage Site');
    expect(heritage?.date.slice(0, 10)).toBe('2027-07-07'); // a Wednesday
    expect(penang.isSchoolDay('2027-07-07')).toBe(false);
    expect(penang.addSchoolDays('2027-07-06', 1)).toBe('2027-07-08');
    expect(national.isSchoolDay('2027-07-07')).toBe(true);
    expect(new SchoolCalendar('10').isSchoolDay('2027-07-07')).toBe(true);
    // The state's list still has the national holidays it keeps.
    expect(penang.isSchoolDay('2027-08-31')).toBe(false);
  });

  it("skips the school's closures, both ends included", () => {
    const closed = new SchoolCalendar(null, [{ from: '2027-04-05', to: '2027-04-09' }]);
    expect(closed.isSchoolDay('2027-04-05')).toBe(false);
    expect(closed.isSchoolDay('2027-04-09')).toBe(false);
    expect(closed.isSchoolDay('2027-04-12')).toBe(true);
    expect(closed.addSchoolDays('2027-04-02', 1)).toBe('2027-04-12');
    expect(national.addSchoolDays('2027-04-02', 1)).toBe('2027-04-05');
  });

  it('counts backwards for negative offsets, skipping the same days', () => {
    expect(national.addSchoolDays('2027-09-01', -1)).toBe('2027-08-30');
    expect(national.addSchoolDays('2027-04-05', -1)).toBe('2027-04-02');
    const closed = new SchoolCalendar(null, [{ from: '2027-04-05', to: '2027-04-09' }]);
    expect(closed.addSchoolDays('2027-04-12', -1)).toBe('2027-04-02');
  });

  it('counts from the next school day when the date is not one', () => {
    expect(national.addSchoolDays('2027-04-03', 0)).toBe('2027-04-05'); // Saturday -> Monday
    expect(national.addSchoolDays('2027-04-03', 1)).toBe('2027-04-06');
    expect(national.addSchoolDays('2027-04-03', -1)).toBe('2027-04-02');
    expect(national.addSchoolDays('2027-04-02', 0)).toBe('2027-04-02');
  });

  it('works out each year’s holidays once per state, whatever the number of calendars', () => {
    const getHolidays = vi.spyOn(Holidays.prototype, 'getHolidays');
    for (const calendar of [new SchoolCalendar('14'), new SchoolCalendar('14', [{ from: '2027-04-05', to: '2027-04-09' }])])
      for (let day = '2027-01-01'; day < '2028-02-01'; day = addCalendarDays(day, 1)) calendar.isSchoolDay(day);
    expect(getHolidays.mock.calls.map(([year]) => year)).toEqual([2027, 2028]);
  });
});

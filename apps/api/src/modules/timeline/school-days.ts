import type { MalaysianState } from '@school/contracts';
import Holidays from 'date-holidays';

/** A Malaysian calendar date, "2027-08-31". Arithmetic runs on UTC midnights, so the server's zone never shifts it. */
export type SchoolDate = string;

const DAY_MS = 86_400_000;

/** The calendar date `n` days after (negative: before) `date`. */
export const addCalendarDays = (date: SchoolDate, n: number): SchoolDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday. */
const weekday = (date: SchoolDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface DateRange {
  /** First day closed, included. */
  from: SchoolDate;
  /** Last day closed, included. */
  to: SchoolDate;
}

/**
 * Which days are school days: not Saturday or Sunday, not a Malaysian public holiday, not one of
 * the school's closures. Public holidays are date-holidays' type 'public' for MY: the national list
 * without a state, or the state's list when one is given (the library's state list is the national
 * holidays that state keeps plus its own, e.g. Johor drops New Year's Day and adds the Sultan's birthday).
 * Holidays are worked out once per year and kept.
 */
export class SchoolCalendar {
  private readonly holidays: Holidays;
  private readonly byYear = new Map<number, Map<SchoolDate, string>>();
  /** Days since 1970-01-01 -> school day or not, for counting without building dates at each step. */
  private readonly open = new Map<number, boolean>();

  constructor(
    readonly state: MalaysianState | null,
    private readonly closures: readonly DateRange[] = [],
  ) {
    this.holidays = state ? new Holidays('MY', state) : new Holidays('MY');
  }

  /** The public holidays of `year`, date -> name (several on one day are joined). */
  holidaysIn(year: number): ReadonlyMap<SchoolDate, string> {
    let days = this.byYear.get(year);
    if (!days) {
      days = new Map();
      for (const h of this.holidays.getHolidays(year)) {
        if (h.type !== 'public') continue;
        // `date` is the holiday's local date ("2027-03-09 00:00:00 -0600" for one that starts the evening before).
        const date = h.date.slice(0, 10);
        const known = days.get(date);
        days.set(date, known ? `${known}, ${h.name}` : h.name);
      }
      this.byYear.set(year, days);
    }
    return days;
  }

  /** The public holiday's name on `date`, if it is one. */
  holidayOn(date: SchoolDate): string | undefined {
    return this.holidaysIn(Number(date.slice(0, 4))).get(date);
  }

  isSchoolDay(date: SchoolDate): boolean {
    const day = weekday(date);
    if (day === 0 || day === 6) return false;
    if (this.holidayOn(date) !== undefined) return false;
    return !this.closures.some((c) => c.from <= date && date <= c.to);
  }

  /**
   * The school day `n` school days after (negative: before) `date`. A date that is not a school
   * day counts from the next school day, which is then day 0: Saturday + 0 is Monday, + 1 Tuesday,
   * - 1 Friday. So each further school day always moves one school day, and +0 never lands on a
   * closed day.
   */
  addSchoolDays(date: SchoolDate, n: number): SchoolDate {
    let day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
    while (!this.isOpen(day)) day++;
    const step = n < 0 ? -1 : 1;
    for (let left = Math.abs(n); left > 0;) {
      day += step;
      if (this.isOpen(day)) left--;
    }
    return new Date(day * DAY_MS).toISOString().slice(0, 10);
  }

  private isOpen(day: number): boolean {
    let open = this.open.get(day);
    if (open === undefined) {
      open = this.isSchoolDay(new Date(day * DAY_MS).toISOString().slice(0, 10));
      this.open.set(day, open);
    }
    return open;
  }
}

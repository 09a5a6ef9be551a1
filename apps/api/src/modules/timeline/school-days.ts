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
 * date-holidays' public holidays of one year for Malaysia (`state` null) or a state, date -> name
 * (several on one day joined). Worked out once per process: the Islamic dates take the library
 * about half a second a year, and every cohort of the state reads the same list.
 */
const holidayYears = new Map<string, ReadonlyMap<SchoolDate, string>>();
function publicHolidays(state: MalaysianState | null, year: number): ReadonlyMap<SchoolDate, string> {
  const key = `${state ?? 'MY'}:${year}`;
  let days = holidayYears.get(key);
  if (!days) {
    const found = new Map<SchoolDate, string>();
    for (const h of (state ? new Holidays('MY', state) : new Holidays('MY')).getHolidays(year)) {
      if (h.type !== 'public') continue;
      // `date` is the holiday's local date ("2027-03-09 00:00:00 -0600" for one that starts the evening before).
      const date = h.date.slice(0, 10);
      const known = found.get(date);
      found.set(date, known ? `${known}, ${h.name}` : h.name);
    }
    holidayYears.set(key, (days = found));
  }
  return days;
}

/** States whose weekend is Friday and Saturday (Kedah, Kelantan, Terengganu); the rest keep Saturday and Sunday. */
const FRIDAY_SATURDAY_WEEKEND: ReadonlySet<MalaysianState> = new Set(['02', '03', '11']);

/**
 * Which days are school days: not the weekend (Saturday and Sunday, or Friday and Saturday in the
 * states that keep that weekend), not a Malaysian public holiday, not one of
 * the school's closures. Public holidays are date-holidays' type 'public' for MY: the national list
 * without a state, or the state's list when one is given (the library's state list is the national
 * holidays that state keeps plus its own, e.g. Johor drops New Year's Day and adds the Sultan's birthday).
 */
export class SchoolCalendar {
  /** Days since 1970-01-01 -> school day or not, for counting without building dates at each step. */
  private readonly open = new Map<number, boolean>();

  constructor(
    readonly state: MalaysianState | null,
    private readonly closures: readonly DateRange[] = [],
  ) {}

  /** The public holiday's name on `date`, if it is one. */
  holidayOn(date: SchoolDate): string | undefined {
    return publicHolidays(this.state, Number(date.slice(0, 4))).get(date);
  }

  isSchoolDay(date: SchoolDate): boolean {
    const day = weekday(date);
    if (day === 6) return false;
    if (day === (this.state && FRIDAY_SATURDAY_WEEKEND.has(this.state) ? 5 : 0)) return false;
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

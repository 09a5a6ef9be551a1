import { formatDate, formatDateTime } from '@school/ui';

/**
 * The school's clock: Malaysia time (UTC+8 all year, no daylight saving). The programme's dates are
 * Malaysian dates, whatever zone the student's device is set to.
 */
const SHIFT_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The Malaysian calendar date of a moment, as `YYYY-MM-DD`. */
export function malaysiaDate(moment: string | Date): string {
  const d = new Date(new Date(moment).getTime() + SHIFT_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Days from 1970-01-01 to a `YYYY-MM-DD` date: dates compared and counted as whole days. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The `YYYY-MM-DD` date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The moment a Malaysian date begins. */
export function malaysiaDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - SHIFT_MS);
}

/** A `YYYY-MM-DD` date as a local Date of that day, so the shared formatters print that same day. */
function asLocalDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** A Malaysian date in the portal's format, e.g. '15 March 2027'. */
export function formatSchoolDate(date: string): string {
  return formatDate(asLocalDay(date));
}

/** A moment in the portal's format, read on Malaysia's clock, e.g. '15 March 2027, 11:59 PM'. */
export function formatMalaysiaDateTime(moment: string): string {
  const d = new Date(new Date(moment).getTime() + SHIFT_MS);
  if (Number.isNaN(d.getTime())) return '';
  return formatDateTime(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()));
}

/** A `YYYY-MM` month as 'November 2026'. */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

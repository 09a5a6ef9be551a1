import { format, isValid } from 'date-fns';

export type DateInput = Date | string | number | null | undefined;

function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const d = input instanceof Date ? input : new Date(input);
  return isValid(d) ? d : null;
}

/** 'day month-name year', e.g. '1 September 2025'. Missing or invalid dates give ''. */
export function formatDate(input: DateInput): string {
  const d = toDate(input);
  return d ? format(d, 'd MMMM yyyy') : '';
}

/** Date and local time, e.g. '1 September 2025, 9:05 AM'. Missing or invalid dates give ''. */
export function formatDateTime(input: DateInput): string {
  const d = toDate(input);
  return d ? format(d, 'd MMMM yyyy, h:mm a') : '';
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** 7 days. */
export const WEEK_MS = 7 * DAY_MS;
/** The school's month is 4 weeks, i.e. 28 days. */
export const MONTH_MS = 4 * WEEK_MS;
/** The school's year is 12 of those months, i.e. 336 days. */
export const YEAR_MS = 12 * MONTH_MS;

/**
 * A short relative label for a past moment:
 * - under 1 minute (and any future moment, e.g. clock skew): 'Just now'
 * - under 1 hour: '{n} min ago'
 * - under 1 day: '{n} h ago'
 * - under 1 week (7 days): '{n} d ago'
 * - under 1 month (4 weeks = 28 days): '{n} w ago'
 * - under 1 year (12 months = 336 days): '{n} mo ago'
 * - otherwise: '{n} y ago'
 * Each count is rounded down. Missing or invalid dates give ''.
 */
export function relativeTime(input: DateInput, now: Date = new Date()): string {
  const d = toDate(input);
  if (!d) return '';
  const diff = now.getTime() - d.getTime();
  if (diff < MINUTE_MS) return 'Just now';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)} min ago`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)} h ago`;
  if (diff < WEEK_MS) return `${Math.floor(diff / DAY_MS)} d ago`;
  if (diff < MONTH_MS) return `${Math.floor(diff / WEEK_MS)} w ago`;
  if (diff < YEAR_MS) return `${Math.floor(diff / MONTH_MS)} mo ago`;
  return `${Math.floor(diff / YEAR_MS)} y ago`;
}

/**
 * A duration stored in minutes, in the largest sensible units: whole days, hours and minutes,
 * largest first, leaving out the parts that are zero, e.g. 10080 -> '7 days', 90 -> '1 h 30 min',
 * 1500 -> '1 day 1 h', 45 -> '45 min', 0 -> '0 min'. Fractions of a minute round to the nearest
 * minute; negative or non-finite values give ''.
 */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '';
  const total = Math.round(minutes);
  if (total === 0) return '0 min';
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  const mins = total % 60;
  const parts: string[] = [];
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (hours) parts.push(`${hours} h`);
  if (mins) parts.push(`${mins} min`);
  return parts.join(' ');
}

/**
 * A count with its noun in the right number, the count grouped by thousands:
 * formatCount(1, 'lesson') -> '1 lesson', formatCount(1200, 'student') -> '1,200 students'.
 * `plural` is for nouns that do not just take an s.
 */
export function formatCount(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : plural}`;
}

/**
 * A file's size in the unit a person reads: bytes under 1 KB, KB under 1 MB, then MB (one decimal
 * where it helps): 272 -> '272 bytes', 2_600 -> '2.5 KB', 10 * 1024 * 1024 -> '10 MB'. A small file
 * is never '0 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes < 1024 * 1024) return `${oneDecimal(bytes / 1024)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${oneDecimal(bytes / (1024 * 1024))} MB`;
  return `${oneDecimal(bytes / (1024 * 1024 * 1024))} GB`;
}

import { formatDate, formatDateTime } from '@school/ui';

/**
 * The school's clock: Malaysia time (UTC+8 all year, no daylight saving). Moments that applicants
 * read in Malaysia time (an offer's accept-by) are entered in it too, whatever the admin's browser zone.
 */
const OFFSET = '+08:00';
const SHIFT_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO moment as a `datetime-local` value in Malaysia time. */
export function toMalaysiaInput(iso: string): string {
  const d = new Date(new Date(iso).getTime() + SHIFT_MS);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A `datetime-local` value read as Malaysia time, as an ISO moment in UTC. */
export function fromMalaysiaInput(local: string): string {
  return new Date(`${local.length === 16 ? `${local}:00` : local}${OFFSET}`).toISOString();
}

/** A moment written for people in Malaysia time, e.g. "Monday, 30 November 2026 at 23:59 (Malaysia time)", as the mail does. */
export function formatMalaysiaTime(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kuala_Lumpur',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Kuala_Lumpur' });
  return `${date} at ${time} (Malaysia time)`;
}

/** The wall clock in Malaysia at `iso`, as a browser-local Date holding the same reading (for the app's formatters). */
function malaysiaWallClock(iso: string): Date | null {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return null;
  const kl = new Date(t + SHIFT_MS);
  return new Date(kl.getUTCFullYear(), kl.getUTCMonth(), kl.getUTCDate(), kl.getUTCHours(), kl.getUTCMinutes());
}

/** A moment as the console writes one ('1 September 2025, 9:05 AM'), read in Malaysia time whatever the browser zone. */
export function formatMalaysiaDateTime(iso: string): string {
  const d = malaysiaWallClock(iso);
  return d ? formatDateTime(d) : '';
}

/** The Malaysian date (`YYYY-MM-DD`) a moment falls on. */
export function malaysiaDateOf(iso: string): string {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? '' : new Date(t + SHIFT_MS).toISOString().slice(0, 10);
}

/** A calendar date (`YYYY-MM-DD`, no zone) as the console writes one: '1 September 2025'. */
export function formatSchoolDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return y && m && d ? formatDate(new Date(y, m - 1, d)) : '';
}

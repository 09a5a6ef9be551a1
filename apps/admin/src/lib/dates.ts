const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as the value of a `datetime-local` input, in the browser's time zone. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO date-time in UTC, for the API. */
export function fromLocalInput(local: string): string {
  return new Date(local).toISOString();
}

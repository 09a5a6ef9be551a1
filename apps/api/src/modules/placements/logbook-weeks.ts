/** A Malaysian date `n` calendar days later ('2027-06-28' + 7 = '2027-07-05'). */
export const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A placement's OJT weeks: week 1 starts on its first day; the last week ends on its last day. */
export function placementWeeks(startsOn: string, endsOn: string): { week: number; starts_on: string; ends_on: string }[] {
  const out: { week: number; starts_on: string; ends_on: string }[] = [];
  for (let week = 1, start = startsOn; start <= endsOn && week <= 60; week++, start = addDays(start, 7)) {
    const end = addDays(start, 6);
    out.push({ week, starts_on: start, ends_on: end < endsOn ? end : endsOn });
  }
  return out;
}

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

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Each week with the days of it in a standing break and its hours target: the weekly target
 * pro-rata for the days of the week worked (7 days: the whole target; a week with 2 days of a
 * break: 5/7 of it), to 0.1 h. The OJT window grows by the breaks' days, so the targets over the
 * whole window still add up to the agreed weeks.
 */
export function weekTargets<W extends { starts_on: string; ends_on: string }>(
  weeks: readonly W[],
  weeklyTarget: number,
  breaks: readonly { starts_on: string; ends_on: string; withdrawn?: boolean }[],
): (W & { break_days: number; target: number })[] {
  const standing = breaks.filter((b) => !b.withdrawn);
  return weeks.map((w) => {
    const from = dayNumber(w.starts_on);
    const to = dayNumber(w.ends_on);
    const breakDays = standing.reduce(
      (n, b) => n + Math.max(0, Math.min(to, dayNumber(b.ends_on)) - Math.max(from, dayNumber(b.starts_on)) + 1),
      0,
    );
    const worked = Math.max(0, to - from + 1 - breakDays);
    return { ...w, break_days: breakDays, target: Math.round((weeklyTarget * worked * 10) / 7) / 10 };
  });
}

/** The hours due by `today`: the targets of the weeks ended before it. */
export const hoursDue = (weeks: readonly { ends_on: string; target: number }[], today: string) =>
  Math.round(weeks.filter((w) => w.ends_on < today).reduce((n, w) => n + w.target, 0) * 10) / 10;

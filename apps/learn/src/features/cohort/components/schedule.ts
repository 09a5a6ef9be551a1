import type { DatedPhase, ScheduleEntry, StudentScheduleResponse, TimelineEntryKind } from '@school/contracts';
import { addDays, dayNumber, malaysiaDate, malaysiaDayStart } from '../../../lib/school-time';
import { paths } from '../../../lib/paths';

export type StudentSchedule = StudentScheduleResponse['data'];

export const ENTRY_LABELS: Record<TimelineEntryKind, string> = {
  PHASE_START: 'Phase starts',
  PHASE_END: 'Phase ends',
  GRADE_OPEN: 'Opens',
  GRADE_DEADLINE: 'Deadline',
  GRADE_LATE_DEADLINE: 'Late deadline',
  GRADE_RESULTS: 'Results',
  SESSION: 'Live session',
};

export const BEFORE_PROGRAMME = 'Before the programme';
export const AFTER_PROGRAMME = 'After the programme';
export const NOTHING_THIS_WEEK = 'Nothing is due this week.';

/** How many of the coming week's entries the class page's card lists. */
export const THIS_WEEK_MAX = 6;

/** An entry with its Malaysian date worked out once. */
export interface DatedEntry {
  entry: ScheduleEntry;
  date: string;
}

/** Entries of one 7-day block of the programme (inside one phase), or of the time before or after it. */
export interface ScheduleWeek {
  key: string;
  /** 'Week 3 · 15–21 Mar 2027'; null before and after the programme, which are not counted in weeks. */
  label: string | null;
  /** The block's last day inside its group: once it is behind today, the week is an earlier one. */
  last: string;
  entries: DatedEntry[];
}

export interface ScheduleGroup {
  key: string;
  title: string;
  weeks: ScheduleWeek[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const parts = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m: MONTHS[m - 1], d };
};

/** A span of days, short: '15–21 Mar 2027', '29 Mar – 4 Apr 2027', '28 Dec 2027 – 3 Jan 2028', '15 Mar 2027'. */
export function formatDaySpan(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${a.d} ${a.m} ${a.y}`;
  if (a.y !== b.y) return `${a.d} ${a.m} ${a.y} – ${b.d} ${b.m} ${b.y}`;
  if (a.m !== b.m) return `${a.d} ${a.m} – ${b.d} ${b.m} ${b.y}`;
  return `${a.d}–${b.d} ${a.m} ${a.y}`;
}

const byTime = (a: DatedEntry, b: DatedEntry) => Date.parse(a.entry.at) - Date.parse(b.entry.at);

const dated = (entries: ScheduleEntry[]): DatedEntry[] => entries.map((entry) => ({ entry, date: malaysiaDate(entry.at) })).sort(byTime);

/**
 * The schedule by phase and, inside a phase, by week: week n is the n-th 7-day block from the first
 * phase's start date, cut to the phase's own days. Entries before the first phase or after the last
 * one are grouped on their own. Dates are Malaysian dates.
 */
export function groupSchedule({ phases, entries }: StudentSchedule): ScheduleGroup[] {
  const all = dated(entries);
  const ordered = [...phases].sort((a, b) => dayNumber(a.start_date) - dayNumber(b.start_date));
  const first = ordered[0];
  const last = ordered.at(-1);
  if (!first || !last) return all.length ? [{ key: 'all', title: 'Dates', weeks: [loose('all', all)] }] : [];
  const before = all.filter((e) => e.date < first.start_date);
  const after = all.filter((e) => e.date > last.end_date);
  const groups: ScheduleGroup[] = [];
  if (before.length) groups.push({ key: 'before', title: BEFORE_PROGRAMME, weeks: [loose('before', before)] });
  ordered.forEach((phase, i) => {
    // A phase holds its own days, and any gap up to the next phase's start.
    const next = ordered[i + 1];
    const inPhase = all.filter((e) => e.date >= phase.start_date && (next ? e.date < next.start_date : e.date <= phase.end_date));
    if (inPhase.length) groups.push({ key: phase.key, title: phase.title, weeks: weeksOf(phase, inPhase, first.start_date) });
  });
  if (after.length) groups.push({ key: 'after', title: AFTER_PROGRAMME, weeks: [loose('after', after)] });
  return groups;
}

function loose(key: string, entries: DatedEntry[]): ScheduleWeek {
  return { key, label: null, last: entries.at(-1)?.date ?? '', entries };
}

function weeksOf(phase: DatedPhase, entries: DatedEntry[], origin: string): ScheduleWeek[] {
  const weeks = new Map<number, DatedEntry[]>();
  for (const e of entries) {
    const n = Math.floor((dayNumber(e.date) - dayNumber(origin)) / 7) + 1;
    weeks.set(n, [...(weeks.get(n) ?? []), e]);
  }
  return [...weeks.entries()].map(([n, list]) => {
    const blockStart = addDays(origin, (n - 1) * 7);
    const blockEnd = addDays(blockStart, 6);
    const lastDay = list.at(-1)?.date ?? blockEnd;
    const end = lastDay > phase.end_date ? lastDay : phase.end_date;
    const from = blockStart < phase.start_date ? phase.start_date : blockStart;
    const to = blockEnd > end ? end : blockEnd;
    return { key: `${phase.key}-${n}`, label: `Week ${n} · ${formatDaySpan(from, to)}`, last: to, entries: list };
  });
}

/**
 * The coming week: what falls from the start of today (Malaysia time, so what is due today stays)
 * to 7 days from now, soonest first.
 */
export function entriesThisWeek(entries: ScheduleEntry[], now: Date): ScheduleEntry[] {
  const from = malaysiaDayStart(malaysiaDate(now)).getTime();
  const to = now.getTime() + 7 * 86_400_000;
  return dated(entries)
    .filter(({ entry }) => {
      const t = Date.parse(entry.at);
      return t >= from && t <= to;
    })
    .map(({ entry }) => entry);
}

/** Where an entry leads in the portal: its lesson, or the class's live sessions; null when nowhere. */
export function entryHref(cohortId: string, entry: ScheduleEntry): string | null {
  if (entry.course_id_slug && entry.lesson_id_slug) return paths.lesson(cohortId, entry.course_id_slug, entry.lesson_id_slug);
  if (entry.session_id_slug) return `${paths.cohort(cohortId)}#${sessionAnchor(entry.session_id_slug)}`;
  return null;
}

/** The id of a session's row in the class page's live sessions. */
export const sessionAnchor = (sessionId: string) => `session-${sessionId}`;

/** A key for an entry's row: the contract gives entries no id of their own. */
export const entryKey = (e: ScheduleEntry, i: number) => `${e.kind}:${e.lesson_id_slug ?? e.session_id_slug ?? e.title}:${e.at}:${i}`;

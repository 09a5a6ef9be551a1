import type { DateRule, Phase, PhaseKey, TimelineEntry, TimelineEntryKind, TimelineMove } from '@school/contracts';
import { schoolDate, schoolMoment } from '../../common/school-calendar';
import { phaseDates, resolveTimeline, shiftPreview } from './resolve-timeline';
import type { SchoolCalendar, SchoolDate } from './school-days';
import type { GradeItemDates, SessionDate } from './timeline.queries';

/**
 * The cohort's dated things as timeline entries, keyed as rules name them. Pure: the service
 * loads the rows and writes back what this works out.
 */

export const GRADE_FIELDS = [
  { field: 'open', kind: 'GRADE_OPEN', words: 'opens' },
  { field: 'deadline', kind: 'GRADE_DEADLINE', words: 'deadline' },
  { field: 'late', kind: 'GRADE_LATE_DEADLINE', words: 'late deadline' },
  { field: 'result', kind: 'GRADE_RESULTS', words: 'results open' },
] as const satisfies readonly { field: keyof GradeItemDates; kind: TimelineEntryKind; words: string }[];
export type GradeField = (typeof GRADE_FIELDS)[number]['field'];

export const gradeKey = (lesson: string, field: GradeField) => `grade:${lesson}:${field}`;
export const sessionKey = (session: string) => `session:${session}`;
const phaseKey = (phase: PhaseKey, edge: 'start' | 'end') => `phase:${phase}:${edge}`;

export interface DatedThings {
  grades: GradeItemDates[];
  sessions: SessionDate[];
}

/** Each dated thing's key, kind and title (grade fields only where set or ruled). */
export function describeThings(things: DatedThings, rules: ReadonlyMap<string, DateRule>) {
  const out = new Map<string, { kind: TimelineEntryKind; title: string }>();
  for (const g of things.grades)
    for (const f of GRADE_FIELDS) {
      const key = gradeKey(g.lesson_id_slug, f.field);
      if (g[f.field] || rules.has(key)) out.set(key, { kind: f.kind, title: `${g.lesson_title} ${f.words}` });
    }
  for (const s of things.sessions) if (!s.cancelled) out.set(sessionKey(s.id_slug), { kind: 'SESSION', title: s.title });
  return out;
}

/** The dates of grade items still at the cohort's defaults, by key: they follow the cohort's own dates. */
export const followingKeys = (things: DatedThings): Set<string> =>
  new Set(things.grades.filter((g) => g.is_default).flatMap((g) => GRADE_FIELDS.map((f) => gradeKey(g.lesson_id_slug, f.field))));

/** The moments stored now, by key (cancelled sessions included: a rule may count from one). */
export function storedMoments(things: DatedThings): Map<string, Date> {
  const out = new Map<string, Date>();
  for (const g of things.grades)
    for (const f of GRADE_FIELDS) {
      const at = g[f.field];
      if (at) out.set(gradeKey(g.lesson_id_slug, f.field), new Date(at));
    }
  for (const s of things.sessions) out.set(sessionKey(s.id_slug), new Date(s.starts_at));
  return out;
}

/** Each phase's first day at 00:00 and last day at 23:59, Malaysia time. */
export function phaseMoments(start: SchoolDate, phases: readonly Phase[]): Map<string, Date> {
  const out = new Map<string, Date>();
  for (const [key, d] of phaseDates(start, phases)) {
    out.set(phaseKey(key, 'start'), schoolMoment(d.start));
    out.set(phaseKey(key, 'end'), schoolMoment(d.end, '23:59'));
  }
  return out;
}

export interface WorkOut {
  start: SchoolDate;
  phases: readonly Phase[];
  calendar: SchoolCalendar;
  rules: ReadonlyMap<string, DateRule>;
  /** How far the cohort's own dates move (default grade items follow them). */
  deltaMs: number;
}

/**
 * Every dated thing's moment after a change: a ruled one from its rule, a default grade item's
 * date moved with the cohort's dates, any other where it is (fixed). Throws TimelineError.
 */
export function workOut(things: DatedThings, w: WorkOut): Map<string, Date> {
  const stored = storedMoments(things);
  const defaults = new Set<string>();
  for (const g of things.grades) if (g.is_default) for (const f of GRADE_FIELDS) defaults.add(gradeKey(g.lesson_id_slug, f.field));
  const all = new Map<string, DateRule>();
  for (const [key, at] of stored) {
    const moved = defaults.has(key) ? new Date(at.getTime() + w.deltaMs) : at;
    all.set(key, w.rules.get(key) ?? { fixed: moved.toISOString() });
  }
  for (const [key, rule] of w.rules) if (!all.has(key)) all.set(key, rule);
  return resolveTimeline({ start: w.start, phases: w.phases, rules: all, calendar: w.calendar });
}

/** What moves between two workings-out, with titles (phase milestones included), in time order. */
export function movesBetween(
  before: ReadonlyMap<string, Date>,
  after: ReadonlyMap<string, Date>,
  titles: ReadonlyMap<string, { title: string }>,
): TimelineMove[] {
  return shiftPreview(before, after)
    .filter((m) => titles.has(m.item_key))
    .map((m) => ({
      item_key: m.item_key,
      title: titles.get(m.item_key)!.title,
      before: m.before?.toISOString() ?? null,
      after: m.after?.toISOString() ?? null,
    }))
    .sort((a, b) => Date.parse(a.after ?? a.before!) - Date.parse(b.after ?? b.before!));
}

/** Titles of the phase milestones: 'OJT starts', 'OJT ends'. */
export function phaseTitles(phases: readonly Phase[]): Map<string, { kind: TimelineEntryKind; title: string }> {
  const out = new Map<string, { kind: TimelineEntryKind; title: string }>();
  for (const p of phases) {
    out.set(phaseKey(p.key, 'start'), { kind: 'PHASE_START', title: `${p.title} starts` });
    out.set(phaseKey(p.key, 'end'), { kind: 'PHASE_END', title: `${p.title} ends` });
  }
  return out;
}

const UNIT_WORDS = { DAYS: ['day', 'days'], SCHOOL_DAYS: ['school day', 'school days'], WEEKS: ['week', 'weeks'] } as const;

/** A rule in words: 'OJT start + 2 weeks at 23:59', 'Cohort start', 'Fixed date'. */
export function ruleText(rule: DateRule | null, phases: readonly Phase[], titles: ReadonlyMap<string, { title: string }>): string {
  if (!rule || 'fixed' in rule) return 'Fixed date';
  const phase = (key: PhaseKey) => phases.find((p) => p.key === key)?.title ?? key;
  const a = rule.anchor;
  const anchor =
    a.kind === 'COHORT_START'
      ? 'Cohort start'
      : a.kind === 'PHASE_START'
        ? `${phase(a.phase)} start`
        : a.kind === 'PHASE_END'
          ? `${phase(a.phase)} end`
          : (titles.get(a.item_key)?.title ?? a.item_key);
  const { amount, unit, at } = rule.offset;
  const n = Math.abs(amount);
  const by = amount === 0 ? '' : ` ${amount > 0 ? '+' : '−'} ${n} ${UNIT_WORDS[unit][n === 1 ? 0 : 1]}`;
  return `${anchor}${by}${at ? ` at ${at}` : ''}`;
}

/** The phase a moment falls in (by Malaysian date), or null. */
export function phaseOf(at: Date, start: SchoolDate, phases: readonly Phase[]): PhaseKey | null {
  const day = schoolDate(at);
  for (const [key, d] of phaseDates(start, phases)) if (d.start <= day && day <= d.end) return key;
  return null;
}

/** The timeline's entries by time: phase milestones, then every dated thing, each with its rule. */
export function entriesOf(
  moments: ReadonlyMap<string, Date>,
  titles: ReadonlyMap<string, { kind: TimelineEntryKind; title: string }>,
  rules: ReadonlyMap<string, DateRule>,
  start: SchoolDate,
  phases: readonly Phase[],
  /** Dates of grade items still at the cohort's defaults: they follow the cohort's own dates. */
  following: ReadonlySet<string> = new Set(),
): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  for (const [key, t] of titles) {
    const at = moments.get(key);
    if (!at) continue;
    const rule = rules.get(key) ?? null;
    out.push({
      item_key: key,
      kind: t.kind,
      title: t.title,
      at: at.toISOString(),
      rule,
      rule_text:
        t.kind === 'PHASE_START' || t.kind === 'PHASE_END'
          ? 'From the phases'
          : !rule && following.has(key)
            ? "Follows the cohort's dates"
            : ruleText(rule, phases, titles),
      phase: phaseOf(at, start, phases),
    });
  }
  return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.title.localeCompare(b.title));
}

/** The phases with one student's longer ones. */
export const shiftedPhases = (phases: readonly Phase[], shifts: readonly { phase: PhaseKey; days: number }[]): Phase[] =>
  phases.map((p) => ({ ...p, length_days: p.length_days + shifts.filter((s) => s.phase === p.key).reduce((n, s) => n + s.days, 0) }));

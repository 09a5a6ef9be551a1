import {
  type DateRule,
  type DatedPhase,
  MALAYSIAN_STATES,
  type MalaysianState,
  type PhaseKey,
  type Timeline,
  type TimelineChange,
  type TimelineEntry,
  type TimelineMove,
} from '@school/contracts';
import { anchorOf, anchorValue, type Unit } from '../../lib/date-rules';
import { formatMalaysiaDateTime, fromMalaysiaInput, malaysiaDateOf, toMalaysiaInput } from '../../lib/school-time';

/*
 * The cohort's timeline as the Timeline tab shows and changes it: its entries grouped by phase and
 * by week, the rule of one entry as a form holds it, and the part of the header that changed.
 */

const DAY = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Week n of the programme counts from its start date: days 0–6 are week 1, 7–13 week 2. */
export function weekOf(startDate: string, date: string): number {
  return Math.floor((dayNumber(date) - dayNumber(startDate)) / 7) + 1;
}

/** Two calendar dates as a short range: '15–21 Mar 2027', '29 Mar – 4 Apr 2027', '28 Dec 2026 – 3 Jan 2027'. */
export function dateRange(from: string, to: string): string {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  if (fy === ty && fm === tm) return `${fd}–${td} ${MONTHS[tm - 1]} ${ty}`;
  if (fy === ty) return `${fd} ${MONTHS[fm - 1]} – ${td} ${MONTHS[tm - 1]} ${ty}`;
  return `${fd} ${MONTHS[fm - 1]} ${fy} – ${td} ${MONTHS[tm - 1]} ${ty}`;
}

/** 'Week 3 · 15–21 Mar 2027': the week's number and its seven days. */
export function weekLabel(startDate: string, week: number): string {
  const first = dayNumber(startDate) + (week - 1) * 7;
  return `Week ${week} · ${dateRange(dateOfDay(first), dateOfDay(first + 6))}`;
}

export interface TimelineWeek {
  week: number;
  label: string;
  entries: TimelineEntry[];
}

export interface TimelineGroup {
  /** A phase's key, or BEFORE / AFTER for the dates outside the phases. */
  key: PhaseKey | 'BEFORE' | 'AFTER';
  title: string;
  /** The phase's entries by week; none for the groups outside the phases. */
  weeks: TimelineWeek[];
  /** The entries of a group outside the phases, by time. */
  entries: TimelineEntry[];
}

/**
 * The entries under their phase (in programme order), then by week of the programme; dates before
 * the start under 'Before the programme', after the last phase under 'After the programme'.
 * Groups with no entry are left out.
 */
export function groupTimeline(timeline: Timeline): TimelineGroup[] {
  const byTime = [...timeline.entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const before: TimelineEntry[] = [];
  const after: TimelineEntry[] = [];
  const phases = new Map<PhaseKey, Map<number, TimelineEntry[]>>(timeline.phases.map((p) => [p.key, new Map()]));
  for (const entry of byTime) {
    const date = malaysiaDateOf(entry.at);
    const weeks = entry.phase ? phases.get(entry.phase) : undefined;
    if (!weeks) {
      (date < timeline.start_date ? before : after).push(entry);
      continue;
    }
    const week = weekOf(timeline.start_date, date);
    weeks.set(week, [...(weeks.get(week) ?? []), entry]);
  }
  const groups: TimelineGroup[] = [];
  if (before.length) groups.push({ key: 'BEFORE', title: 'Before the programme', weeks: [], entries: before });
  for (const phase of timeline.phases) {
    const weeks = [...(phases.get(phase.key) ?? new Map<number, TimelineEntry[]>())].map(([week, entries]) => ({
      week,
      label: weekLabel(timeline.start_date, week),
      entries,
    }));
    if (weeks.length) groups.push({ key: phase.key, title: phase.title, weeks, entries: [] });
  }
  if (after.length) groups.push({ key: 'AFTER', title: 'After the programme', weeks: [], entries: after });
  return groups;
}

// ---- the header: start date, holidays and phases ---------------------------------------------

export const NATIONAL_ONLY = '';
export const STATE_OPTIONS = [
  { value: NATIONAL_ONLY, label: 'National holidays only' },
  ...Object.entries(MALAYSIAN_STATES).map(([value, label]) => ({ value, label })),
];

export const stateName = (state: MalaysianState | null) => (state ? MALAYSIAN_STATES[state] : 'National holidays only');

export interface HeaderDraft {
  startDate: string;
  state: string;
  phases: { key: PhaseKey; title: string; length: string }[];
}

export const headerDraftOf = (t: Timeline): HeaderDraft => ({
  startDate: t.start_date,
  state: t.holiday_state ?? NATIONAL_ONLY,
  phases: t.phases.map((p) => ({ key: p.key, title: p.title, length: String(p.length_days) })),
});

/** What the draft changes, and only that: the API leaves out what is left out. */
export function headerChange(t: Timeline, draft: HeaderDraft): TimelineChange {
  const change: TimelineChange = {};
  if (draft.startDate !== t.start_date) change.start_date = draft.startDate;
  const state = draft.state === NATIONAL_ONLY ? null : (draft.state as MalaysianState);
  if (state !== t.holiday_state) change.holiday_state = state;
  const phases = draft.phases.map((p) => ({
    key: p.key,
    title: p.title,
    length_days: p.length.trim() === '' ? Number.NaN : Number(p.length),
  }));
  const same = (p: (typeof phases)[number], i: number) => p.title === t.phases[i]?.title && p.length_days === t.phases[i]?.length_days;
  if (!phases.every(same)) change.phases = phases;
  return change;
}

// ---- one entry's rule ------------------------------------------------------------------------

export { anchorOf, anchorValue, UNIT_OPTIONS, type Unit } from '../../lib/date-rules';

export interface RuleDraft {
  kind: 'FIXED' | 'RELATIVE';
  /** A `datetime-local` value in Malaysia time. */
  fixed: string;
  /** The anchor as the select holds it: see `anchorValue`. */
  anchor: string;
  amount: string;
  unit: Unit;
  at: string;
}

/** The anchors one entry may count from: the start, each phase's first and last day, every other dated thing. */
export function anchorOptions(phases: DatedPhase[], entries: TimelineEntry[], self: string) {
  return [
    { value: 'COHORT_START', label: 'Cohort start' },
    ...phases.flatMap((p) => [
      { value: `PHASE_START:${p.key}`, label: `${p.title} start` },
      { value: `PHASE_END:${p.key}`, label: `${p.title} end` },
    ]),
    ...entries
      .filter((e) => e.item_key !== self && e.kind !== 'PHASE_START' && e.kind !== 'PHASE_END')
      .map((e) => ({ value: `ITEM:${e.item_key}`, label: e.title })),
  ];
}

export function ruleDraftOf(entry: TimelineEntry): RuleDraft {
  const rule = entry.rule;
  if (rule && 'anchor' in rule)
    return {
      kind: 'RELATIVE',
      fixed: toMalaysiaInput(entry.at),
      anchor: anchorValue(rule.anchor),
      amount: String(rule.offset.amount),
      unit: rule.offset.unit,
      at: rule.offset.at ?? '',
    };
  return { kind: 'FIXED', fixed: toMalaysiaInput(rule?.fixed ?? entry.at), anchor: 'COHORT_START', amount: '0', unit: 'DAYS', at: '' };
}

/** The rule the draft says; what the API refuses (a bad time, an amount that is no number) it answers by field. */
export function ruleOf(draft: RuleDraft): DateRule {
  if (draft.kind === 'FIXED') return { fixed: draft.fixed ? fromMalaysiaInput(draft.fixed) : '' };
  const at = draft.at.trim();
  return {
    anchor: anchorOf(draft.anchor),
    offset: { amount: draft.amount.trim() === '' ? Number.NaN : Number(draft.amount), unit: draft.unit, ...(at ? { at } : {}) },
  };
}

// ---- what a change moves ---------------------------------------------------------------------

/** 'Quiz 1 deadline: 15 March 2027, 11:59 PM → 22 March 2027, 11:59 PM' (Malaysia time). */
export function moveText(m: TimelineMove): string {
  const before = m.before ? formatMalaysiaDateTime(m.before) : 'not dated';
  const after = m.after ? formatMalaysiaDateTime(m.after) : 'no longer dated';
  return `${m.title}: ${before} → ${after}`;
}

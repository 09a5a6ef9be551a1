import {
  type DateRule,
  type Phase,
  type PhaseKey,
  TIMELINE_CYCLE_MESSAGE,
  TIMELINE_UNKNOWN_ANCHOR_MESSAGE,
  type TimelineAnchor,
  type TimelineOffset,
} from '@school/contracts';
import { schoolDate, schoolMoment } from '../../common/school-calendar';
import { addCalendarDays, type SchoolCalendar, type SchoolDate } from './school-days';

/**
 * A timeline that cannot be worked out. `items`: for a cycle, the items in the loop in order; for an
 * unknown anchor, the item and what it counts from (an item key or a phase).
 */
export class TimelineError extends Error {
  constructor(
    readonly reason: 'CYCLE' | 'UNKNOWN_ANCHOR',
    readonly items: string[],
  ) {
    super(
      reason === 'CYCLE'
        ? `${TIMELINE_CYCLE_MESSAGE}: ${[...items, items[0]].join(' → ')}`
        : `${TIMELINE_UNKNOWN_ANCHOR_MESSAGE}: ${items[0]} counts from ${items[1]}`,
    );
    this.name = 'TimelineError';
  }
}

export interface TimelineInput {
  /** The cohort's first day, a Malaysian date ("2027-03-01"). */
  start: SchoolDate;
  /** In programme order; each starts the day after the previous one's last day. */
  phases: readonly Phase[];
  /** item_key -> its date rule. */
  rules: ReadonlyMap<string, DateRule>;
  calendar: SchoolCalendar;
}

/** Each phase's first and last day (both included), from the start and the lengths in calendar days. */
export function phaseDates(start: SchoolDate, phases: readonly Phase[]): Map<PhaseKey, { start: SchoolDate; end: SchoolDate }> {
  const out = new Map<PhaseKey, { start: SchoolDate; end: SchoolDate }>();
  let first = start;
  for (const p of phases) {
    out.set(p.key, { start: first, end: addCalendarDays(first, p.length_days - 1) });
    first = addCalendarDays(first, p.length_days);
  }
  return out;
}

const applyOffset = (calendar: SchoolCalendar, from: SchoolDate, offset: TimelineOffset): Date => {
  const day =
    offset.unit === 'SCHOOL_DAYS'
      ? calendar.addSchoolDays(from, offset.amount)
      : addCalendarDays(from, offset.unit === 'WEEKS' ? offset.amount * 7 : offset.amount);
  return schoolMoment(day, offset.at ?? '00:00');
};

/**
 * Every item's moment, in one pass. An offset counts from the anchor's Malaysian date: the cohort's
 * start, a phase's first or last day, or the date another item falls on (its time of day is not
 * carried); the time is the offset's `at`, else 00:00 (callers give deadlines 23:59). Items that
 * count from other items are resolved after them (depth-first); a loop or an anchor that is not in
 * the timeline refuses the whole timeline, naming the items.
 */
export function resolveTimeline({ start, phases, rules, calendar }: TimelineInput): Map<string, Date> {
  const phaseDays = phaseDates(start, phases);
  const resolved = new Map<string, Date>();
  const path: string[] = []; // the items being resolved, outermost first
  const onPath = new Set<string>();

  const anchorDate = (key: string, anchor: TimelineAnchor): SchoolDate => {
    switch (anchor.kind) {
      case 'COHORT_START':
        return start;
      case 'PHASE_START':
      case 'PHASE_END': {
        const phase = phaseDays.get(anchor.phase);
        if (!phase) throw new TimelineError('UNKNOWN_ANCHOR', [key, anchor.phase]);
        return anchor.kind === 'PHASE_START' ? phase.start : phase.end;
      }
      case 'ITEM':
        return schoolDate(resolve(anchor.item_key, key));
    }
  };

  const resolve = (key: string, from?: string): Date => {
    const done = resolved.get(key);
    if (done) return done;
    if (onPath.has(key)) throw new TimelineError('CYCLE', path.slice(path.indexOf(key)));
    const rule = rules.get(key);
    if (!rule) throw new TimelineError('UNKNOWN_ANCHOR', [from ?? key, key]);
    path.push(key);
    onPath.add(key);
    const at = 'fixed' in rule ? new Date(rule.fixed) : applyOffset(calendar, anchorDate(key, rule.anchor), rule.offset);
    path.pop();
    onPath.delete(key);
    resolved.set(key, at);
    return at;
  };

  for (const key of rules.keys()) resolve(key);
  return resolved;
}

export interface DateShift {
  item_key: string;
  before: Date | null;
  after: Date | null;
}

/** The items whose moment differs between two resolutions (added and removed items included), by key order of `after` then `before`. */
export function shiftPreview(before: ReadonlyMap<string, Date>, after: ReadonlyMap<string, Date>): DateShift[] {
  const shifts: DateShift[] = [];
  for (const [item_key, next] of after) {
    const prev = before.get(item_key) ?? null;
    if (prev?.getTime() !== next.getTime()) shifts.push({ item_key, before: prev, after: next });
  }
  for (const [item_key, prev] of before) if (!after.has(item_key)) shifts.push({ item_key, before: prev, after: null });
  return shifts;
}

import { OFFSET_UNITS, type PhaseKey, type TimelineAnchor } from '@school/contracts';

/*
 * The parts of a relative date rule that every form of one shares (a cohort's timeline, a course
 * lesson's date template): its units, and its anchor as a select holds it.
 */

export type Unit = (typeof OFFSET_UNITS)[number];
export const UNIT_OPTIONS: { value: Unit; label: string }[] = [
  { value: 'DAYS', label: 'Days' },
  { value: 'SCHOOL_DAYS', label: 'School days' },
  { value: 'WEEKS', label: 'Weeks' },
];

/** 'COHORT_START', 'PHASE_START:OJT', 'PHASE_END:OJT' or 'ITEM:<item key>'. */
export function anchorValue(a: TimelineAnchor): string {
  if (a.kind === 'COHORT_START') return a.kind;
  if (a.kind === 'ITEM') return `ITEM:${a.item_key}`;
  return `${a.kind}:${a.phase}`;
}

export function anchorOf(value: string): TimelineAnchor {
  const [kind, ...rest] = value.split(':');
  const tail = rest.join(':');
  if (kind === 'ITEM') return { kind: 'ITEM', item_key: tail };
  if (kind === 'PHASE_START' || kind === 'PHASE_END') return { kind, phase: tail as PhaseKey };
  return { kind: 'COHORT_START' };
}

import type { RubricCriterion, RubricScore } from '@school/contracts';

export interface RubricTotals {
  /** Points of the chosen levels. */
  points: number;
  /** The most the rubric can give: each criterion's highest level. */
  max: number;
  /** Points over the maximum, 0-100 to two decimals; null until every criterion is scored. */
  grade: number | null;
  scored: number;
}

/** What a rubric scoring adds up to, the same way the API computes the saved grade. */
export function rubricTotals(rubric: readonly RubricCriterion[], scores: readonly RubricScore[]): RubricTotals {
  let points = 0;
  let max = 0;
  let scored = 0;
  for (const c of rubric) {
    max += Math.max(0, ...c.levels.map((l) => l.points));
    const level = c.levels[scores.find((s) => s.criterion_id === c.id)?.level_index ?? -1];
    if (level) {
      points += level.points;
      scored += 1;
    }
  }
  const complete = rubric.length > 0 && scored === rubric.length;
  return { points, max, scored, grade: complete ? (max > 0 ? Math.round((points / max) * 10_000) / 100 : 0) : null };
}

/** The next (+1) or previous (-1) entry of a queue, staying at its ends; -1 when the queue is empty. */
export function stepIndex(current: number, step: 1 | -1, length: number): number {
  if (length === 0) return -1;
  if (current < 0) return step > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + step));
}

/** 'j'/'k' or Alt+ArrowDown/Alt+ArrowUp move through the queue; letters only outside text fields. */
export function queueStep(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>, typing: boolean): 1 | -1 | null {
  if (e.ctrlKey || e.metaKey) return null;
  if (e.altKey && e.key === 'ArrowDown') return 1;
  if (e.altKey && e.key === 'ArrowUp') return -1;
  if (typing || e.altKey) return null;
  if (e.key === 'j') return 1;
  if (e.key === 'k') return -1;
  return null;
}

import type { Gradebook } from '@school/contracts';

type Cell = Pick<Gradebook['students'][number]['grades'][number], 'user_grade' | 'original_grade' | 'days_late'>;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'} late`;

/**
 * The computed grade of a gradebook cell in words, for the note beside a grade set by hand: the grade
 * before the late penalty and, when one was charged, the grade after it, so neither hides behind the override.
 */
export function computedText(cell: Cell): string {
  if (cell.original_grade === null) return 'none yet';
  if (cell.user_grade === null || cell.user_grade === cell.original_grade) return String(cell.original_grade);
  return `${cell.original_grade}, ${cell.user_grade} after the late penalty (${days(cell.days_late)})`;
}

/** The note under a computed grade charged for lateness (null when none was). */
export function lateText(cell: Cell): string | null {
  if (cell.original_grade === null || cell.user_grade === null || cell.user_grade === cell.original_grade) return null;
  return `${cell.original_grade} before the late penalty (${days(cell.days_late)})`;
}

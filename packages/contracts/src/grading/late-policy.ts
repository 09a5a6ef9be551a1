/**
 * What late work costs on a grade item, in words a student reads before handing in. The charge
 * itself is computed in one place, PostgreSQL's grade_result() (days late: a started day counts;
 * per day the grade loses that many points of 100; a cap bounds a late grade; never below 0).
 */
export interface LatePolicy {
  /** Points of 100 a grade loses per day late (null: none). */
  late_penalty_per_day: number | null;
  /** The most a late grade can be (null: no cap). */
  late_score_cap: number | null;
}

/** "−10% per day", "score capped at 50%", both joined, or null when late work costs nothing. */
export function latePolicyText(p: LatePolicy): string | null {
  const parts: string[] = [];
  if (p.late_penalty_per_day) parts.push(`−${p.late_penalty_per_day}% per day`);
  if (p.late_score_cap !== null && p.late_score_cap !== undefined) parts.push(`score capped at ${p.late_score_cap}%`);
  return parts.length ? parts.join(', ') : null;
}

/** The notice beside the hand-in (or Start) button while handing in now would be late. */
export function lateSubmitNotice(p: LatePolicy): string {
  const cost = latePolicyText(p);
  return cost ? `Submitted now, this will be marked late: ${cost}` : 'Submitted now, this will be marked late.';
}

/** The first words of the notice a student with an extension reads; the date follows. */
export const EXTENDED_DEADLINE_PREFIX = 'Your deadline has been extended to';

/**
 * A grade item's dates for one student, with its cohort's fallbacks (ms since the epoch, null when
 * unset): the deadlines are the student's, their extension `x` (grade_extensions) included.
 */
export const ITEM_TIMES = `
  (extract(epoch FROM coalesce(g.open_datetime, c.start_date)) * 1000)::float8 AS opens_ms,
  (extract(epoch FROM effective_deadline(g.deadline_datetime, x.deadline_datetime)) * 1000)::float8 AS deadline_ms,
  (extract(epoch FROM effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime)) * 1000)::float8 AS late_deadline_ms,
  (extract(epoch FROM coalesce(g.result_open_datetime, c.result_open_date)) * 1000)::float8 AS result_ms,
  (extract(epoch FROM now()) * 1000)::float8 AS now_ms`;

export interface ItemTimes {
  opens_ms: number | null;
  deadline_ms: number | null;
  late_deadline_ms: number | null;
  result_ms: number | null;
  now_ms: number;
}
/**
 * Who may grade a cohort: admins any, instructors the cohorts they teach. `$2` user id, `$3` whether
 * an admin. The condition is put beside each staff statement's cohort `c`.
 */
export const MAY_GRADE = `($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = c.id AND ci.user_id = $2))`;

import type { AttendanceStatus } from '@school/contracts';
import { exec, one, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';

/** The session's check-in secret, made on first use ($3); undefined when the session is not the cohort's. */
export function sessionCheckInSecret(q: Sql, cohortId: string, sessionSlug: string, fresh: string) {
  return one<{ secret: string; on_site: boolean; cancelled: boolean; cohort_id_slug: string }>(
    q,
    `UPDATE live_sessions s SET check_in_secret = COALESCE(s.check_in_secret, $3)
       FROM cohorts k
      WHERE k.id = s.cohort_id AND s.cohort_id = $1 AND s.id_slug = $2
     RETURNING s.check_in_secret AS secret, s.mode = 'ON_SITE' AS on_site, s.cancelled_at IS NOT NULL AS cancelled,
               k.id_slug AS cohort_id_slug`,
    [cohortId, sessionSlug, fresh],
  );
}

/**
 * What a trainee's check-in needs, read with the session locked (two tries at once write one
 * entry): the session's secret and window ($4: minutes before the start it opens; $5: minutes
 * after the start a check-in is late), and the trainee's current mark. Undefined unless the user
 * is a trainee of the cohort and the session is its.
 */
export function checkInTarget(q: Sql, cohortSlug: string, sessionSlug: string, userId: string, opensMinutes: number, lateMinutes: number) {
  return one<{
    session_id: string;
    secret: string | null;
    on_site: boolean;
    cancelled: boolean;
    open: boolean;
    late: boolean;
    mark: AttendanceStatus | null;
  }>(
    q,
    `SELECT s.id AS session_id, s.check_in_secret AS secret, s.mode = 'ON_SITE' AS on_site, s.cancelled_at IS NOT NULL AS cancelled,
            now() >= s.starts_at - make_interval(mins => $4) AND now() < s.starts_at + make_interval(mins => s.duration_minutes) AS open,
            now() > s.starts_at + make_interval(mins => $5) AS late,
            (SELECT x.status FROM attendance_entries x WHERE x.session_id = s.id AND x.user_id = e.user_id ORDER BY x.id DESC LIMIT 1) AS mark
       FROM cohorts k
       JOIN enrolments e ON e.cohort_id = k.id AND e.user_id = $3 AND ${LISTED_ENROLMENT}
       JOIN live_sessions s ON s.cohort_id = k.id AND s.id_slug = $2
      WHERE k.id_slug = $1
        FOR UPDATE OF s`,
    [cohortSlug, sessionSlug, userId, opensMinutes, lateMinutes],
  );
}

/** The trainee's own check-in: an entry from the code, recorded by themselves. */
export function appendCheckIn(q: Sql, sessionId: string, userId: string, status: AttendanceStatus) {
  return exec(q, `INSERT INTO attendance_entries (session_id, user_id, status, source, recorded_by) VALUES ($1, $2, $3, 'CODE', $2)`, [
    sessionId,
    userId,
    status,
  ]);
}

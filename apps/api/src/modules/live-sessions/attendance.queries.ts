import type { AttendanceStatus, RegisterRow } from '@school/contracts';
import { one, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';

/** Trainees counted in a register: enrolled in the cohort, active or suspended. */
const TRAINEE = LISTED_ENROLMENT;
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The session's register in one statement: each trainee by name with their latest entry (the mark),
 * ABSENT when unmarked after the end. Undefined when the session is not the cohort's.
 */
export async function register(q: Sql, cohortId: string, sessionSlug: string) {
  return one<{ ended: boolean; cancelled: boolean; data: RegisterRow[] }>(
    q,
    `SELECT now() >= s.starts_at + make_interval(mins => s.duration_minutes) AS ended, s.cancelled_at IS NOT NULL AS cancelled,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
                       'status', COALESCE(a.status, CASE WHEN now() >= s.starts_at + make_interval(mins => s.duration_minutes) THEN 'ABSENT' END),
                       'reason', a.reason, 'marked_at', ${ISO('a.recorded_at')},
                       'marked_by', CASE WHEN a.id IS NOT NULL THEN trim(b.first_name || ' ' || b.last_name) END,
                       'entries', COALESCE(a.entries, 0))
                     ORDER BY u.first_name, u.last_name, u.id)
                FROM enrolments e JOIN users u ON u.id = e.user_id
                LEFT JOIN LATERAL (
                  SELECT x.id, x.status, x.reason, x.recorded_at, x.recorded_by, count(*) OVER () AS entries
                    FROM attendance_entries x WHERE x.session_id = s.id AND x.user_id = u.id ORDER BY x.id DESC LIMIT 1
                ) a ON true
                LEFT JOIN users b ON b.id = a.recorded_by
               WHERE e.cohort_id = s.cohort_id AND ${TRAINEE}), '[]'::json) AS data
       FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2`,
    [cohortId, sessionSlug],
  );
}

/**
 * Appends one mark for a trainee of the session's cohort. Answers whether the session exists, has
 * ended, is cancelled, and whether the entry was written (false: not a trainee of the cohort).
 */
export async function appendMark(
  q: Sql,
  cohortId: string,
  sessionSlug: string,
  userSlug: string,
  status: AttendanceStatus,
  reason: string | null,
  by: string,
  requireReasonAfterEnd: boolean,
) {
  return one<{ ended: boolean; cancelled: boolean; written: boolean }>(
    q,
    `WITH s AS (
       SELECT s.id, s.cohort_id, s.cancelled_at IS NOT NULL AS cancelled,
              now() >= s.starts_at + make_interval(mins => s.duration_minutes) AS ended
         FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2
     ), trainee AS (
       SELECT u.id FROM users u JOIN enrolments e ON e.user_id = u.id JOIN s ON e.cohort_id = s.cohort_id
        WHERE u.id_slug = $3 AND ${TRAINEE}
     ), written AS (
       INSERT INTO attendance_entries (session_id, user_id, status, reason, source, recorded_by)
       SELECT s.id, trainee.id, $4, $5, 'HAND', $6 FROM s, trainee
        WHERE NOT s.cancelled AND NOT (s.ended AND $7::boolean AND $5::text IS NULL)
       RETURNING id
     )
     SELECT s.ended, s.cancelled, EXISTS (SELECT 1 FROM written) AS written FROM s`,
    [cohortId, sessionSlug, userSlug, status, reason, by, requireReasonAfterEnd],
  );
}

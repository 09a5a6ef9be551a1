import type { AttendanceFigures, AttendanceStatus, RegisterRow } from '@school/contracts';
import { one, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { COUNTED_SESSION, FIGURES_OF, LATEST_ENTRY, MARK_STATUS, SESSION_ENDED } from './attendance-rule';
import { MONTH_CLOSED } from './month-close.queries';

/** Trainees counted in a register: enrolled in the cohort, active or suspended. */
const TRAINEE = LISTED_ENROLMENT;
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The session's register in one statement: each trainee by name with their latest entry (the mark),
 * ABSENT when unmarked after the end. Undefined when the session is not the cohort's.
 */
export async function register(q: Sql, cohortId: string, sessionSlug: string) {
  return one<{ ended: boolean; cancelled: boolean; month_closed: boolean; data: RegisterRow[] }>(
    q,
    `SELECT ${SESSION_ENDED('s')} AS ended, s.cancelled_at IS NOT NULL AS cancelled,
            ${MONTH_CLOSED('s')} AS month_closed,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
                       'status', ${MARK_STATUS('s', 'a')},
                       'reason', a.reason, 'marked_at', ${ISO('a.recorded_at')},
                       'marked_by', CASE WHEN a.id IS NOT NULL THEN trim(b.first_name || ' ' || b.last_name) END,
                       'approved_by', trim(ap.first_name || ' ' || ap.last_name),
                       'entries', COALESCE(a.entries, 0))
                     ORDER BY u.first_name, u.last_name, u.id)
                FROM enrolments e JOIN users u ON u.id = e.user_id
                ${LATEST_ENTRY('s', 'u.id', 'a')}
                LEFT JOIN users b ON b.id = a.recorded_by
                LEFT JOIN users ap ON ap.id = a.approved_by
               WHERE e.cohort_id = s.cohort_id AND ${TRAINEE}), '[]'::json) AS data
       FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2`,
    [cohortId, sessionSlug],
  );
}

/**
 * Appends one mark for a trainee of the session's cohort. Answers whether the session exists, has
 * ended, is cancelled, whether its month (Malaysia time) is closed, and whether the entry was
 * written (false: not a trainee of the cohort). In a closed month nothing is written to the
 * attendance: the change, with its reason, is held as a pending correction (`held`, its id_slug)
 * for a second staff member.
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
  return one<{ ended: boolean; cancelled: boolean; closed: boolean; written: boolean; held: string | null }>(
    q,
    `WITH s AS (
       SELECT s.id, s.cohort_id, s.cancelled_at IS NOT NULL AS cancelled, ${SESSION_ENDED('s')} AS ended, ${MONTH_CLOSED('s')} AS closed
         FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2
     ), trainee AS (
       SELECT u.id FROM users u JOIN enrolments e ON e.user_id = u.id JOIN s ON e.cohort_id = s.cohort_id
        WHERE u.id_slug = $3 AND ${TRAINEE}
     ), written AS (
       INSERT INTO attendance_entries (session_id, user_id, status, reason, source, recorded_by)
       SELECT s.id, trainee.id, $4, $5, 'HAND', $6 FROM s, trainee
        WHERE NOT s.cancelled AND NOT s.closed AND NOT (s.ended AND $7::boolean AND $5::text IS NULL)
       RETURNING id
     ), held AS (
       INSERT INTO attendance_corrections (session_id, user_id, status, reason, requested_by)
       SELECT s.id, trainee.id, $4, $5, $6 FROM s, trainee
        WHERE NOT s.cancelled AND s.closed AND $5::text IS NOT NULL
       RETURNING id_slug
     )
     SELECT s.ended, s.cancelled, s.closed, EXISTS (SELECT 1 FROM written) AS written, (SELECT id_slug FROM held) AS held FROM s`,
    [cohortId, sessionSlug, userSlug, status, reason, by, requireReasonAfterEnd],
  );
}

/**
 * A month of the cohort for its register, in one statement: the sessions that count (mandatory, not
 * cancelled, ended) starting in the month (Malaysia time, $2 its first day), and every trainee with
 * their mark on each (the same rule as the session's register) and their figures over them.
 */
export async function monthMarks(q: Sql, cohortId: string, monthStart: string) {
  return one<MonthMarks>(
    q,
    `WITH b AS (
       SELECT ($2::date::timestamp AT TIME ZONE '${SCHOOL_TIME_ZONE}') AS from_at,
              (($2::date + interval '1 month')::timestamp AT TIME ZONE '${SCHOOL_TIME_ZONE}') AS to_at
     ), s AS (
       SELECT s.* FROM live_sessions s, b
        WHERE s.cohort_id = $1 AND s.starts_at >= b.from_at AND s.starts_at < b.to_at AND ${COUNTED_SESSION('s')}
     ), t AS (
       SELECT u.id, u.id_slug, u.first_name, u.last_name, u.email
         FROM enrolments e JOIN users u ON u.id = e.user_id WHERE e.cohort_id = $1 AND ${TRAINEE}
     ), m AS (
       SELECT t.id AS user_id, s.id AS session_id, s.starts_at, ${MARK_STATUS('s', 'a')} AS status
         FROM t CROSS JOIN s ${LATEST_ENTRY('s', 't.id', 'a')}
     ), per AS (
       SELECT m.user_id, json_agg(m.status ORDER BY m.starts_at, m.session_id) AS marks, ${FIGURES_OF('m.status')} AS figures
         FROM m GROUP BY m.user_id
     )
     SELECT k.title AS cohort_title,
            EXISTS (SELECT 1 FROM attendance_month_closures mc WHERE mc.cohort_id = k.id AND mc.month = $2::date) AS closed,
            COALESCE((SELECT json_agg(json_build_object(
                       'id_slug', s.id_slug, 'title', s.title, 'starts_at', ${ISO('s.starts_at')},
                       'local_date', to_char(s.starts_at AT TIME ZONE '${SCHOOL_TIME_ZONE}', 'YYYY-MM-DD'),
                       'local_time', to_char(s.starts_at AT TIME ZONE '${SCHOOL_TIME_ZONE}', 'HH24:MI'))
                     ORDER BY s.starts_at, s.id) FROM s), '[]'::json) AS sessions,
            COALESCE((SELECT json_agg(json_build_object(
                       'id_slug', t.id_slug, 'first_name', t.first_name, 'last_name', t.last_name, 'email', t.email,
                       'marks', COALESCE(per.marks, '[]'::json),
                       'figures', COALESCE(per.figures, json_build_object('attended', 0, 'counted', 0, 'percent', NULL)))
                     ORDER BY t.first_name, t.last_name, t.id) FROM t LEFT JOIN per ON per.user_id = t.id), '[]'::json) AS trainees
       FROM cohorts k WHERE k.id = $1`,
    [cohortId, monthStart],
  );
}

export interface MonthMarks {
  cohort_title: string;
  closed: boolean;
  sessions: { id_slug: string; title: string; starts_at: string; local_date: string; local_time: string }[];
  trainees: {
    id_slug: string;
    first_name: string;
    last_name: string;
    email: string;
    marks: AttendanceStatus[];
    figures: AttendanceFigures;
  }[];
}

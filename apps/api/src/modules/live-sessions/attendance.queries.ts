import type { AttendanceFigures, AttendanceStatus, ImportProtection, RegisterRow } from '@school/contracts';
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
                       'status', ${MARK_STATUS('s', 'a', 'e.created_date')},
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

/** A mark to append for a trainee (by their id_slug). */
export interface NewMark {
  user_id_slug: string;
  status: AttendanceStatus;
  reason: string | null;
}

/**
 * Appends marks for trainees of the session's cohort in one statement: the one way staff write marks
 * (by hand on the register, `source` HAND, or from an imported report, IMPORT). Each is a new entry;
 * in a closed month (Malaysia time) nothing is written to the attendance: each change, with its
 * reason, is held as a pending correction for a second staff member (`held`, their id_slugs, in the
 * order given). Answers whether the session has ended, is cancelled, whether its month is closed,
 * and the trainees written (one who is not a trainee of the cohort is not); nothing is written for a
 * cancelled session, nor without its reason after the end when `requireReasonAfterEnd`, nor held
 * without its reason. Undefined when the session is not the cohort's.
 */
export async function appendMarks(
  q: Sql,
  cohortId: string,
  sessionSlug: string,
  marks: NewMark[],
  source: 'HAND' | 'IMPORT',
  by: string,
  requireReasonAfterEnd: boolean,
) {
  return one<{ ended: boolean; cancelled: boolean; closed: boolean; written: string[]; held: string[] }>(
    q,
    `WITH s AS (
       SELECT s.id, s.cohort_id, s.cancelled_at IS NOT NULL AS cancelled, ${SESSION_ENDED('s')} AS ended, ${MONTH_CLOSED('s')} AS closed
         FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2
     ), m AS (
       SELECT * FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m (user_slug, status, reason, n)
     ), trainee AS (
       SELECT u.id, u.id_slug, m.status, m.reason, m.n
         FROM m JOIN users u ON u.id_slug = m.user_slug JOIN enrolments e ON e.user_id = u.id JOIN s ON e.cohort_id = s.cohort_id
        WHERE ${TRAINEE}
     ), written AS (
       INSERT INTO attendance_entries (session_id, user_id, status, reason, source, recorded_by)
       SELECT s.id, t.id, t.status, t.reason, $6, $7 FROM s, trainee t
        WHERE NOT s.cancelled AND NOT s.closed AND NOT (s.ended AND $8::boolean AND t.reason IS NULL)
        ORDER BY t.n
       RETURNING user_id
     ), held AS (
       INSERT INTO attendance_corrections (session_id, user_id, status, reason, source, requested_by)
       SELECT s.id, t.id, t.status, t.reason, $6, $7 FROM s, trainee t
        WHERE NOT s.cancelled AND s.closed AND t.reason IS NOT NULL
        ORDER BY t.n
       RETURNING id_slug, user_id
     )
     SELECT s.ended, s.cancelled, s.closed,
            ARRAY(SELECT t.id_slug FROM written w JOIN trainee t ON t.id = w.user_id ORDER BY t.n) AS written,
            ARRAY(SELECT h.id_slug FROM held h JOIN trainee t ON t.id = h.user_id ORDER BY t.n) AS held
       FROM s`,
    [
      cohortId,
      sessionSlug,
      marks.map((m) => m.user_id_slug),
      marks.map((m) => m.status),
      marks.map((m) => m.reason),
      source,
      by,
      requireReasonAfterEnd,
    ],
  );
}

/**
 * Appends one mark by hand (see appendMarks); `written` is false for someone not a trainee of the
 * cohort; in a closed month `held` is the correction now waiting for approval.
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
  const r = await appendMarks(q, cohortId, sessionSlug, [{ user_id_slug: userSlug, status, reason }], 'HAND', by, requireReasonAfterEnd);
  return r && { ended: r.ended, cancelled: r.cancelled, closed: r.closed, written: r.written.length > 0, held: r.held[0] ?? null };
}

/** A trainee as an import matches them, with their current mark and whether the import keeps it. */
export interface ImportTraineeRow {
  id_slug: string;
  first_name: string;
  last_name: string;
  email: string;
  current_status: AttendanceStatus | null;
  protected: ImportProtection | null;
}

/**
 * What importing a report into the session needs, in one statement: the session's rule and state,
 * and the cohort's trainees with their latest entry; that entry is kept unless ticked when it is an
 * excused absence or a mark a person set by hand after the session; `month_closed`: the marks would
 * be held as corrections (see appendMarks). With `lock`, the session's row
 * is locked first (two confirmations of the same report run one after the other). Undefined when
 * the session is not the cohort's.
 */
export async function importTarget(q: Sql, cohortId: string, sessionSlug: string, lock: boolean) {
  if (lock) await one(q, `SELECT 1 FROM live_sessions WHERE cohort_id = $1 AND id_slug = $2 FOR UPDATE`, [cohortId, sessionSlug]);
  return one<{
    online: boolean;
    cancelled: boolean;
    ended: boolean;
    month_closed: boolean;
    starts_at: string;
    duration_minutes: number;
    threshold_percent: number;
    trainees: ImportTraineeRow[];
  }>(
    q,
    `SELECT s.mode = 'ONLINE' AS online, s.cancelled_at IS NOT NULL AS cancelled,
            ${SESSION_ENDED('s')} AS ended, ${MONTH_CLOSED('s')} AS month_closed,
            ${ISO('s.starts_at')} AS starts_at, s.duration_minutes, s.attendance_threshold_percent AS threshold_percent,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email,
                       'current_status', a.status,
                       'protected', CASE WHEN a.status = 'EXCUSED' THEN 'EXCUSED'
                                         WHEN a.source = 'HAND' AND a.recorded_at >= s.starts_at + make_interval(mins => s.duration_minutes)
                                         THEN 'SET_BY_HAND' END)
                     ORDER BY u.first_name, u.last_name, u.id)
                FROM enrolments e JOIN users u ON u.id = e.user_id
                ${LATEST_ENTRY('s', 'u.id', 'a')}
               WHERE e.cohort_id = s.cohort_id AND ${TRAINEE}), '[]'::json) AS trainees
       FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2`,
    [cohortId, sessionSlug],
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
       SELECT u.id, u.id_slug, u.first_name, u.last_name, u.email, e.created_date AS joined_at
         FROM enrolments e JOIN users u ON u.id = e.user_id WHERE e.cohort_id = $1 AND ${TRAINEE}
     ), m AS (
       SELECT t.id AS user_id, s.id AS session_id, s.starts_at, ${MARK_STATUS('s', 'a', 't.joined_at')} AS status
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

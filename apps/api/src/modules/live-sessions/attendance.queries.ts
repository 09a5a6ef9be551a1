import type { AttendanceStatus, ImportProtection, RegisterRow } from '@school/contracts';
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

/** A mark to append for a trainee (by their id_slug). */
export interface NewMark {
  user_id_slug: string;
  status: AttendanceStatus;
  reason: string | null;
}

/**
 * Appends marks for trainees of the session's cohort, each a new entry, in one statement: the one
 * way staff write marks (by hand on the register, `source` HAND, or from an imported report,
 * IMPORT). Answers whether the session has ended or is cancelled, and the trainees written (one
 * who is not a trainee of the cohort is not); nothing is written for a cancelled session, nor
 * without its reason after the end when `requireReasonAfterEnd`. Undefined when the session is not
 * the cohort's.
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
  return one<{ ended: boolean; cancelled: boolean; written: string[] }>(
    q,
    `WITH s AS (
       SELECT s.id, s.cohort_id, s.cancelled_at IS NOT NULL AS cancelled,
              now() >= s.starts_at + make_interval(mins => s.duration_minutes) AS ended
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
        WHERE NOT s.cancelled AND NOT (s.ended AND $8::boolean AND t.reason IS NULL)
        ORDER BY t.n
       RETURNING user_id
     )
     SELECT s.ended, s.cancelled,
            ARRAY(SELECT t.id_slug FROM written w JOIN trainee t ON t.id = w.user_id ORDER BY t.n) AS written
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

/** Appends one mark by hand (see appendMarks); `written` is false for someone not a trainee of the cohort. */
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
  return r && { ended: r.ended, cancelled: r.cancelled, written: r.written.length > 0 };
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
 * excused absence or a mark a person set by hand after the session. With `lock`, the session's row
 * is locked first (two confirmations of the same report run one after the other). Undefined when
 * the session is not the cohort's.
 */
export async function importTarget(q: Sql, cohortId: string, sessionSlug: string, lock: boolean) {
  if (lock) await one(q, `SELECT 1 FROM live_sessions WHERE cohort_id = $1 AND id_slug = $2 FOR UPDATE`, [cohortId, sessionSlug]);
  return one<{
    online: boolean;
    cancelled: boolean;
    ended: boolean;
    starts_at: string;
    duration_minutes: number;
    threshold_percent: number;
    trainees: ImportTraineeRow[];
  }>(
    q,
    `SELECT s.mode = 'ONLINE' AS online, s.cancelled_at IS NOT NULL AS cancelled,
            now() >= s.starts_at + make_interval(mins => s.duration_minutes) AS ended,
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
                LEFT JOIN LATERAL (
                  SELECT x.status, x.source, x.recorded_at FROM attendance_entries x
                   WHERE x.session_id = s.id AND x.user_id = u.id ORDER BY x.id DESC LIMIT 1
                ) a ON true
               WHERE e.cohort_id = s.cohort_id AND ${TRAINEE}), '[]'::json) AS trainees
       FROM live_sessions s WHERE s.cohort_id = $1 AND s.id_slug = $2`,
    [cohortId, sessionSlug],
  );
}

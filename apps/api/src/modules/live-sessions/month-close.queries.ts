import type { AttendanceCorrection, AttendanceStatus, MonthClosure } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { LATEST_ENTRY, MARK_STATUS } from './attendance-rule';

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const NAME = (u: string) => `trim(${u}.first_name || ' ' || ${u}.last_name)`;

/** The first day of session `s`'s month, Malaysia time. */
export const SESSION_MONTH = (s: string) => `date_trunc('month', ${s}.starts_at AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date`;

/** Whether the month (Malaysia time) of session `s` is closed for its cohort. */
export const MONTH_CLOSED = (s: string) =>
  `EXISTS (SELECT 1 FROM attendance_month_closures mc WHERE mc.cohort_id = ${s}.cohort_id AND mc.month = ${SESSION_MONTH(s)})`;

/** `YYYY-MM` as the month's first day. */
export const monthDate = (month: string) => `${month}-01`;

/**
 * Closes the cohort's month ($2, its first day) when it has ended, Malaysia time. Answers
 * `over` (the month has ended) and the closure when this call made it (none when already closed).
 */
export async function closeMonth(q: Sql, cohortId: string, month: string, by: string) {
  return one<{ over: boolean; closure: MonthClosure | null }>(
    q,
    `WITH m AS (SELECT $2::date + interval '1 month' <= (now() AT TIME ZONE '${SCHOOL_TIME_ZONE}')::date AS over),
     made AS (
       INSERT INTO attendance_month_closures (cohort_id, month, closed_by)
       SELECT $1, $2::date, $3 FROM m WHERE m.over
       ON CONFLICT DO NOTHING RETURNING month, closed_by, closed_at)
     SELECT m.over, (SELECT json_build_object('month', to_char(made.month, 'YYYY-MM'), 'closed_by', ${NAME('u')},
                                              'closed_at', ${ISO('made.closed_at')})
                       FROM made LEFT JOIN users u ON u.id = made.closed_by) AS closure
       FROM m`,
    [cohortId, monthDate(month), by],
  );
}

/** The cohort's closed months, newest first. */
export async function closedMonths(q: Sql, cohortId: string) {
  return rows<MonthClosure>(
    q,
    `SELECT to_char(c.month, 'YYYY-MM') AS month, COALESCE(${NAME('u')}, '') AS closed_by, ${ISO('c.closed_at')} AS closed_at
       FROM attendance_month_closures c LEFT JOIN users u ON u.id = c.closed_by
      WHERE c.cohort_id = $1 ORDER BY c.month DESC`,
    [cohortId],
  );
}

/** Correction `c` (of session `s`, trainee `t`) as JSON; $2 is the reader (for `mine`). */
const CORRECTION_JSON = `json_build_object(
  'id_slug', c.id_slug, 'state', c.state, 'session_id_slug', s.id_slug, 'session_title', s.title,
  'session_starts_at', ${ISO('s.starts_at')},
  'trainee', json_build_object('id_slug', t.id_slug, 'first_name', t.first_name, 'last_name', t.last_name),
  'current_status', ${MARK_STATUS('s', 'a', 'te.created_date')},
  'status', c.status, 'reason', c.reason, 'requested_by', COALESCE(${NAME('r')}, ''), 'requested_at', ${ISO('c.requested_at')},
  'mine', c.requested_by IS NOT DISTINCT FROM $2::bigint,
  'decided_by', ${NAME('d')}, 'decided_at', ${ISO('c.decided_at')})`;
const CORRECTION_FROM = `attendance_corrections c JOIN live_sessions s ON s.id = c.session_id JOIN users t ON t.id = c.user_id
  LEFT JOIN enrolments te ON te.cohort_id = s.cohort_id AND te.user_id = t.id
  ${LATEST_ENTRY('s', 't.id', 'a')}
  LEFT JOIN users r ON r.id = c.requested_by LEFT JOIN users d ON d.id = c.decided_by`;

/** The cohort's pending corrections, oldest first. */
export async function pendingCorrections(q: Sql, cohortId: string, reader: string) {
  return rows<{ c: AttendanceCorrection }>(
    q,
    `SELECT ${CORRECTION_JSON} AS c FROM ${CORRECTION_FROM}
      WHERE s.cohort_id = $1 AND c.state = 'PENDING' ORDER BY c.id`,
    [cohortId, reader],
  ).then((r) => r.map((x) => x.c));
}

/** One correction of the cohort as JSON. */
export async function correction(q: Sql, cohortId: string, reader: string, slug: string) {
  return (
    await one<{ c: AttendanceCorrection }>(
      q,
      `SELECT ${CORRECTION_JSON} AS c FROM ${CORRECTION_FROM} WHERE s.cohort_id = $1 AND c.id_slug = $3`,
      [cohortId, reader, slug],
    )
  )?.c;
}

/** Locks a correction of the cohort for its decision (inside the transaction). */
export async function lockCorrection(q: Sql, cohortId: string, slug: string) {
  return one<{
    id: string;
    state: string;
    requested_by: string | null;
    session_id: string;
    user_id: string;
    status: AttendanceStatus;
    reason: string;
  }>(
    q,
    `SELECT c.id, c.state, c.requested_by, c.session_id, c.user_id, c.status, c.reason
       FROM attendance_corrections c JOIN live_sessions s ON s.id = c.session_id
      WHERE s.cohort_id = $1 AND c.id_slug = $2 FOR UPDATE OF c`,
    [cohortId, slug],
  );
}

/** Approves a locked correction: appends its entry (from the same source, recorded by the requester, approved by $2) and records the decision. */
export async function approveCorrection(q: Sql, correctionId: string, by: string) {
  await one(
    q,
    `WITH c AS (SELECT * FROM attendance_corrections WHERE id = $1),
     entry AS (
       INSERT INTO attendance_entries (session_id, user_id, status, reason, source, recorded_by, approved_by)
       SELECT c.session_id, c.user_id, c.status, c.reason, c.source, c.requested_by, $2 FROM c RETURNING id)
     UPDATE attendance_corrections SET state = 'APPROVED', decided_by = $2, decided_at = now(), entry_id = (SELECT id FROM entry)
      WHERE id = $1 RETURNING id`,
    [correctionId, by],
  );
}

/** Refuses a locked correction: nothing is written to the attendance. */
export async function refuseCorrection(q: Sql, correctionId: string, by: string) {
  await one(q, `UPDATE attendance_corrections SET state = 'REFUSED', decided_by = $2, decided_at = now() WHERE id = $1 RETURNING id`, [
    correctionId,
    by,
  ]);
}

/**
 * The one rule for a trainee's mark on a session, as SQL fragments every reader shares (the
 * session's register, the trainee's own figures, the monthly register): the mark is the latest
 * entry; once the session has ended an unmarked trainee is ABSENT, unless it was held before they
 * joined the cohort. A session counts towards the
 * figures when it is mandatory, not cancelled and has ended; present or late is attended; an
 * excused absence is left out.
 */

/** Whether session `s` has ended. */
export const SESSION_ENDED = (s: string) => `(now() >= ${s}.starts_at + make_interval(mins => ${s}.duration_minutes))`;

/** A LATERAL subquery `alias` with the latest entry of trainee `userId` on session `s` (columns of attendance_entries, plus `entries`: how many). */
export const LATEST_ENTRY = (s: string, userId: string, alias: string) =>
  `LEFT JOIN LATERAL (
     SELECT x.id, x.status, x.reason, x.source, x.recorded_at, x.recorded_by, x.approved_by, count(*) OVER () AS entries
       FROM attendance_entries x WHERE x.session_id = ${s}.id AND x.user_id = ${userId} ORDER BY x.id DESC LIMIT 1
   ) ${alias} ON true`;

/**
 * Whether session `s` is one the trainee who joined the cohort at `joinedAt` was expected at: held
 * after they joined, or put on the timetable after they joined (a past session recorded later). A
 * session that was held, and known, before they joined is none of theirs: unmarked, it is no absence.
 */
export const SESSION_APPLIES = (s: string, joinedAt: string) => `(${s}.starts_at >= ${joinedAt} OR ${s}.created_at >= ${joinedAt})`;

/**
 * The trainee's mark from the latest entry `a` on session `s`: ABSENT once ended unmarked, NULL
 * before, and NULL for a session held before they joined at `joinedAt` (their enrolment's creation).
 */
export const MARK_STATUS = (s: string, a: string, joinedAt: string) =>
  `COALESCE(${a}.status, CASE WHEN ${SESSION_ENDED(s)} AND ${SESSION_APPLIES(s, joinedAt)} THEN 'ABSENT' END)`;

/** Whether session `s` counts towards attendance figures. */
export const COUNTED_SESSION = (s: string) => `(${s}.mandatory AND ${s}.cancelled_at IS NULL AND ${SESSION_ENDED(s)})`;

/** Marks that count as attended, and the one left out of the figures. */
export const ATTENDED_STATUSES = `('PRESENT', 'LATE')`;
export const LEFT_OUT_STATUS = `'EXCUSED'`;

/** Attendance figures (AttendanceFiguresSchema) as an aggregate over rows whose mark is `status`, all of counted sessions. */
export const FIGURES_OF = (status: string) => `json_build_object(
      'attended', count(*) FILTER (WHERE ${status} IN ${ATTENDED_STATUSES}),
      'counted', count(*) FILTER (WHERE ${status} <> ${LEFT_OUT_STATUS}),
      'percent', round(100.0 * count(*) FILTER (WHERE ${status} IN ${ATTENDED_STATUSES})
                       / nullif(count(*) FILTER (WHERE ${status} <> ${LEFT_OUT_STATUS}), 0), 1)::float8)`;

import type { LiveSession, SaveLiveSession, StudentAttendance, StudentLiveSession } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { COUNTED_SESSION, FIGURES_OF, LATEST_ENTRY, MARK_STATUS, SESSION_ENDED } from './attendance-rule';

/** Session `s` as JSON (staff view), its facilitators by name. */
const SESSION_JSON = `json_build_object(
  'id_slug', s.id_slug, 'title', s.title,
  'starts_at', to_char(s.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'ends_at', to_char((s.starts_at + make_interval(mins => s.duration_minutes)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'duration_minutes', s.duration_minutes, 'mode', s.mode, 'meeting_url', s.meeting_url, 'place', s.place,
  'mandatory', s.mandatory, 'attendance_threshold_percent', s.attendance_threshold_percent,
  'cancelled_at', to_char(s.cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'facilitators', COALESCE((
    SELECT json_agg(json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name)
                    ORDER BY u.first_name, u.last_name, u.id)
      FROM live_session_facilitators f JOIN users u ON u.id = f.user_id WHERE f.session_id = s.id), '[]'::json))`;

/** Whether user $2 may manage cohort `k` ($3: an admin manages every cohort). */
const MAY_MANAGE = `($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = k.id AND ci.user_id = $2))`;

/** The cohort's sessions by start; undefined when there is no such cohort or the user may not manage it. */
export async function cohortSessions(q: Sql, cohortSlug: string, userId: string, isAdmin: boolean) {
  return (
    await one<{ data: LiveSession[] }>(
      q,
      `SELECT COALESCE((SELECT json_agg(${SESSION_JSON} ORDER BY s.starts_at, s.id) FROM live_sessions s WHERE s.cohort_id = k.id),
                       '[]'::json) AS data
         FROM cohorts k WHERE k.id_slug = $1 AND ${MAY_MANAGE}`,
      [cohortSlug, userId, isAdmin],
    )
  )?.data;
}

/** One session of the cohort as JSON; undefined when not found or not manageable by the user. */
export async function cohortSession(q: Sql, cohortSlug: string, sessionSlug: string, userId: string, isAdmin: boolean) {
  return (
    await one<{ session: LiveSession }>(
      q,
      `SELECT ${SESSION_JSON} AS session FROM live_sessions s JOIN cohorts k ON k.id = s.cohort_id
        WHERE k.id_slug = $1 AND ${MAY_MANAGE} AND s.id_slug = $4`,
      [cohortSlug, userId, isAdmin, sessionSlug],
    )
  )?.session;
}

/** The cohort's internal id when the user may manage it. */
export async function manageableCohort(q: Sql, cohortSlug: string, userId: string, isAdmin: boolean) {
  return one<{ id: string }>(q, `SELECT k.id FROM cohorts k WHERE k.id_slug = $1 AND ${MAY_MANAGE}`, [cohortSlug, userId, isAdmin]);
}

/** Which of the given accounts teach the cohort (its facilitators may only be those). */
export async function teachingAmong(q: Sql, cohortId: string, userSlugs: string[]) {
  return rows<{ id: string; id_slug: string }>(
    q,
    `SELECT u.id, u.id_slug FROM users u JOIN cohort_instructors ci ON ci.user_id = u.id AND ci.cohort_id = $1
      WHERE u.id_slug = ANY ($2::text[])`,
    [cohortId, userSlugs],
  );
}

type Saved = Omit<Required<SaveLiveSession>, 'facilitator_id_slugs'>;
const values = (s: Saved) => [
  s.title,
  s.starts_at,
  s.duration_minutes,
  s.mode,
  s.mode === 'ONLINE' ? s.meeting_url : null,
  s.mode === 'ON_SITE' ? s.place : null,
  s.mandatory,
  s.attendance_threshold_percent,
];

export async function insertSession(q: Sql, cohortId: string, s: Saved, by: string) {
  return (await one<{ id: string; id_slug: string }>(
    q,
    `INSERT INTO live_sessions (cohort_id, title, starts_at, duration_minutes, mode, meeting_url, place, mandatory,
                                attendance_threshold_percent, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, id_slug`,
    [cohortId, ...values(s), by],
  ))!;
}

/** Updates a session of the cohort; answers its id, or undefined when there is none. */
export async function updateSession(q: Sql, cohortId: string, sessionSlug: string, s: Saved) {
  return one<{ id: string }>(
    q,
    `UPDATE live_sessions SET title = $3, starts_at = $4, duration_minutes = $5, mode = $6, meeting_url = $7, place = $8,
            mandatory = $9, attendance_threshold_percent = $10, updated_at = now()
      WHERE cohort_id = $1 AND id_slug = $2 RETURNING id`,
    [cohortId, sessionSlug, ...values(s)],
  );
}

/** Replaces a session's facilitators in one statement. */
export async function setFacilitators(q: Sql, sessionId: string, userIds: string[]) {
  await one(
    q,
    `WITH gone AS (DELETE FROM live_session_facilitators WHERE session_id = $1 AND NOT (user_id = ANY ($2::bigint[])))
     INSERT INTO live_session_facilitators (session_id, user_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [sessionId, userIds],
  );
}

/** Marks a session cancelled (kept as first cancelled); answers whether it exists. */
export async function cancelSession(q: Sql, cohortId: string, sessionSlug: string) {
  return one<{ id: string }>(
    q,
    `UPDATE live_sessions SET cancelled_at = COALESCE(cancelled_at, now()), updated_at = now()
      WHERE cohort_id = $1 AND id_slug = $2 RETURNING id`,
    [cohortId, sessionSlug],
  );
}

/** Attendance figures over the sessions `m` matching a condition (see AttendanceFiguresSchema). */
const FIGURES = (where: string) => `(SELECT ${FIGURES_OF('m.my_status')} FROM marks m WHERE ${COUNTED_SESSION('m')} AND ${where})`;

/**
 * The sessions of a cohort the user is enrolled in (active or suspended, as the class page lists), as the student sees them: the meeting
 * link only from 15 minutes before the start ($3 minutes) and never for a cancelled session; their own
 * mark on each, and their attendance overall and this month (Malaysia time) with the mandatory
 * sessions still to come. Undefined when the user is not enrolled (the same answer as a missing cohort).
 */
export async function studentSessions(q: Sql, cohortSlug: string, userSlug: string, opensMinutes: number) {
  return one<{ data: StudentLiveSession[]; attendance: Omit<StudentAttendance, 'threshold_percent'> }>(
    q,
    `WITH me AS (
       SELECT k.id AS cohort_id, u.id AS user_id, e.created_date AS joined_at
         FROM cohorts k JOIN enrolments e ON e.cohort_id = k.id AND ${LISTED_ENROLMENT}
         JOIN users u ON u.id = e.user_id AND u.id_slug = $2
        WHERE k.id_slug = $1),
     marks AS (
       SELECT s.*, ${SESSION_ENDED('s')} AS ended, ${MARK_STATUS('s', 'a', 'me.joined_at')} AS my_status
         FROM me JOIN live_sessions s ON s.cohort_id = me.cohort_id
         ${LATEST_ENTRY('s', 'me.user_id', 'a')})
     SELECT COALESCE((
              SELECT json_agg((${SESSION_JSON}::jsonb - 'cancelled_at' - 'meeting_url' - 'attendance_threshold_percent') || jsonb_build_object(
                       'cancelled', s.cancelled_at IS NOT NULL,
                       'link_opens_at', to_char((s.starts_at - make_interval(mins => $3)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                       'meeting_url', CASE WHEN s.cancelled_at IS NULL AND now() >= s.starts_at - make_interval(mins => $3)
                                           THEN s.meeting_url END,
                       'my_status', s.my_status)
                     ORDER BY s.starts_at, s.id)
                FROM marks s), '[]'::json) AS data,
            json_build_object(
              'overall', ${FIGURES('true')},
              'this_month', ${FIGURES(`date_trunc('month', m.starts_at AT TIME ZONE '${SCHOOL_TIME_ZONE}') = date_trunc('month', now() AT TIME ZONE '${SCHOOL_TIME_ZONE}')`)},
              'remaining', (SELECT count(*) FROM marks m WHERE m.mandatory AND m.cancelled_at IS NULL AND NOT m.ended)) AS attendance
       FROM me`,
    [cohortSlug, userSlug, opensMinutes],
  );
}

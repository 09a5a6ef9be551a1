import { exec, one, rows, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';

/** The user's feed, if they have one: when it was made. */
export function feedOf(q: Sql, userId: string) {
  return one<{ created_at: Date }>(q, `SELECT created_at FROM calendar_feeds WHERE user_id = $1`, [userId]);
}

/** Makes the user's feed (replacing any earlier one, whose address then stops); answers when. */
export async function saveFeed(q: Sql, userId: string, tokenHash: string): Promise<Date> {
  const row = await one<{ created_at: Date }>(
    q,
    `INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()
     RETURNING created_at`,
    [userId, tokenHash],
  );
  return row!.created_at;
}

export function deleteFeed(q: Sql, userId: string) {
  return exec(q, `DELETE FROM calendar_feeds WHERE user_id = $1`, [userId]);
}

/** Whose feed an address names (by its secret's hash), if it still exists. */
export function feedOwner(q: Sql, tokenHash: string) {
  return one<{ user_id: string }>(q, `SELECT user_id::text FROM calendar_feeds WHERE token_hash = $1`, [tokenHash]);
}

export interface FeedEventRow {
  kind: 'SESSION' | 'DEADLINE' | 'LATE_DEADLINE' | 'RESULTS' | 'COHORT_START' | 'COHORT_END' | 'PHASE_START' | 'PHASE_END';
  /** The dated thing's id_slug: with the kind, the event's stable UID. */
  key: string;
  title: string;
  starts_at: Date;
  /** Sessions only. */
  duration_minutes: number | null;
  place: string | null;
  online: boolean;
  mandatory: boolean;
  cancelled: boolean;
  updated_at: Date | null;
  cohort_id_slug: string;
  cohort_title: string;
  /** The user learns in the cohort (else they teach it). */
  student: boolean;
}

/**
 * Everything dated in the user's cohorts, in one statement: a student's classes (listed
 * enrolments) with their own extended deadlines, and the cohorts a staff member teaches. Sessions
 * (cancelled ones too, so calendars drop them), deadlines and late deadlines, result dates,
 * each cohort's first and last day, and each phase's first and last day (a student's longer phase
 * their own: its days and the later phases' follow). `title` of a phase is the phase's.
 */
export function feedEvents(q: Sql, userId: string) {
  return rows<FeedEventRow>(
    q,
    `WITH mine AS (
       SELECT c.id, c.id_slug, c.title, c.start_date, c.end_date, c.phases, bool_or(m.student) AS student
         FROM (SELECT e.cohort_id, true AS student FROM enrolments e WHERE e.user_id = $1 AND ${LISTED_ENROLMENT}
               UNION ALL
               SELECT ci.cohort_id, false FROM cohort_instructors ci WHERE ci.user_id = $1) m
         JOIN cohorts c ON c.id = m.cohort_id
        GROUP BY c.id),
     items AS (
       SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, k.student, g.id_slug AS key, l.title,
              CASE WHEN k.student THEN effective_deadline(g.deadline_datetime, x.deadline_datetime) ELSE g.deadline_datetime END AS deadline,
              CASE WHEN k.student THEN effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime)
                   ELSE g.late_deadline_datetime END AS late_deadline,
              g.result_open_datetime
         FROM mine k
         JOIN cohort_grades g ON g.cohort_id = k.id
         JOIN lessons l ON l.id = g.lesson_id
         LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = $1 AND k.student),
     phases AS (
       SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, k.student, p.value->>'key' AS key, p.value->>'title' AS title,
              (k.start_date AT TIME ZONE 'Asia/Kuala_Lumpur')::date + (sum(p.len) OVER w - p.len)::int AS first_day,
              (k.start_date AT TIME ZONE 'Asia/Kuala_Lumpur')::date + (sum(p.len) OVER w)::int - 1 AS last_day
         FROM mine k
         CROSS JOIN LATERAL (
           SELECT e.value, e.n,
                  (e.value->>'length_days')::int
                    + CASE WHEN k.student THEN coalesce((SELECT s.days FROM timeline_shifts s
                                                          WHERE s.cohort_id = k.id AND s.user_id = $1 AND s.phase = e.value->>'key'), 0)
                           ELSE 0 END AS len
             FROM jsonb_array_elements(k.phases) WITH ORDINALITY e(value, n)) p
       WINDOW w AS (PARTITION BY k.id ORDER BY p.n))
     SELECT 'SESSION' AS kind, s.id_slug AS key, s.title, s.starts_at, s.duration_minutes, s.place, s.mode = 'ONLINE' AS online,
            s.mandatory, s.cancelled_at IS NOT NULL AS cancelled, s.updated_at, k.id_slug AS cohort_id_slug, k.title AS cohort_title, k.student
       FROM mine k JOIN live_sessions s ON s.cohort_id = k.id
     UNION ALL
     SELECT 'DEADLINE', i.key, i.title, i.deadline, NULL, NULL, false, false, false, NULL, i.cohort_id_slug, i.cohort_title, i.student
       FROM items i WHERE i.deadline IS NOT NULL
     UNION ALL
     SELECT 'LATE_DEADLINE', i.key, i.title, i.late_deadline, NULL, NULL, false, false, false, NULL, i.cohort_id_slug, i.cohort_title, i.student
       FROM items i WHERE i.late_deadline IS NOT NULL AND i.late_deadline > i.deadline
     UNION ALL
     SELECT 'RESULTS', i.key, i.title, i.result_open_datetime, NULL, NULL, false, false, false, NULL, i.cohort_id_slug, i.cohort_title, i.student
       FROM items i WHERE i.result_open_datetime IS NOT NULL
     UNION ALL
     SELECT 'COHORT_START', k.id_slug, k.title, k.start_date, NULL, NULL, false, false, false, NULL, k.id_slug, k.title, k.student
       FROM mine k
     UNION ALL
     SELECT 'COHORT_END', k.id_slug, k.title, k.end_date, NULL, NULL, false, false, false, NULL, k.id_slug, k.title, k.student
       FROM mine k
     UNION ALL
     SELECT 'PHASE_START', p.cohort_id_slug || '-' || lower(p.key), p.title, p.first_day::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur',
            NULL, NULL, false, false, false, NULL, p.cohort_id_slug, p.cohort_title, p.student
       FROM phases p
     UNION ALL
     SELECT 'PHASE_END', p.cohort_id_slug || '-' || lower(p.key), p.title, p.last_day::timestamp AT TIME ZONE 'Asia/Kuala_Lumpur',
            NULL, NULL, false, false, false, NULL, p.cohort_id_slug, p.cohort_title, p.student
       FROM phases p
     ORDER BY 4, 1, 2`,
    [userId],
  );
}

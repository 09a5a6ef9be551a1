import { one, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT, READABLE_ENROLMENT } from './learning-access.sql';

/**
 * The learner portal's writes and access checks: marking a lesson complete, lesson files, completed
 * certificates, the end of a class's access and the kept position in a lesson. Reads of the views
 * are in class-view.queries.ts and course-view.queries.ts; the access rule in learning-access.sql.ts.
 */

/**
 * Marks a lesson complete: $1 cohort id_slug, $2 user id_slug, $3 lesson id_slug. Only an ACTIVE
 * enrolment in a cohort whose access has not ended writes, and only for a video or reading (quizzes
 * and projects complete through their attempt or submission); the completion is idempotent and the
 * enrolment's latest access is recorded (its completion percentage is derived from the completions
 * when read: enrolment_completion()). One row `{ cohort_id_slug, enrolment_status, lesson_type,
 * access_ended }`, or none when the lesson is not part of a cohort the user is enrolled in.
 */
export const MARK_LESSON_COMPLETE_SQL = `
WITH target AS (
  SELECT c.id AS cohort_id, c.id_slug AS cohort_slug, e.id AS enrolment_id, e.enrolment_status, e.user_id, l.id AS lesson_id,
         l.lesson_type, c.end_access_date <= now() AS access_ended,
         e.enrolment_status = 'ACTIVE' AND c.end_access_date > now() AND l.lesson_type NOT IN ('QUIZ', 'PROJECT') AS writable
    FROM cohorts c
    JOIN enrolments e ON e.cohort_id = c.id
    JOIN users u ON u.id = e.user_id
    JOIN lessons l ON l.id_slug = $3
    JOIN modules m ON m.id = l.module_id
    JOIN cohort_courses cc ON cc.cohort_id = c.id AND cc.course_id = m.course_id
   WHERE c.id_slug = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}
),
inserted AS (
  INSERT INTO lesson_completions (user_id, cohort_id, lesson_id)
  SELECT user_id, cohort_id, lesson_id FROM target WHERE writable
  ON CONFLICT DO NOTHING
  RETURNING lesson_id
),
updated AS (
  UPDATE enrolments e SET latest_access_datetime = now()
    FROM target t WHERE e.id = t.enrolment_id AND t.writable
  RETURNING e.id
)
SELECT t.cohort_slug AS cohort_id_slug, t.cohort_id, t.enrolment_status, t.lesson_type, t.access_ended,
       (SELECT count(*) FROM updated)::int AS updated, (SELECT count(*) FROM inserted)::int AS inserted
  FROM target t`;

/**
 * Whether a user may fetch a stored lesson file: $1 file id_slug, $2 user id (internal),
 * $3 true for an admin (any lesson's file). The file must be a lesson's video, captions, reading or link
 * file in a cohort the user may read. One row `{ id_slug, original_name, content_type }`, or none.
 */
export const LESSON_FILE_ACCESS_SQL = `
SELECT f.id_slug, f.original_name, f.content_type
  FROM stored_files f
 WHERE f.id_slug = $1
   AND EXISTS (
     SELECT 1 FROM lessons l
      WHERE (l.video_lecture_id_slug = f.id_slug OR l.video_captions_id_slug = f.id_slug
             OR l.reading_pdf_id_slugs @> ARRAY[f.id_slug] OR l.link_urls @> ARRAY[f.id_slug])
        AND ($3::boolean OR EXISTS (
          SELECT 1 FROM modules m
            JOIN cohort_courses cc ON cc.course_id = m.course_id
            JOIN cohorts c ON c.id = cc.cohort_id
            JOIN enrolments e ON e.cohort_id = c.id AND e.user_id = $2
           WHERE m.id = l.module_id AND ${READABLE_ENROLMENT})))`;

/**
 * A certificate a student completed in a cohort: $1 cohort id_slug, $2 certificate id_slug,
 * $3 user id_slug. One row with what the certificate document prints, or none.
 */
export const COMPLETED_CERTIFICATE_SQL = `
SELECT ce.title, ce.provider, uc.completion_date, u.first_name, u.last_name, c.title AS cohort_title, uc.id_slug,
       uc.document_id_slug, uc.credential_id
  FROM cohorts c
  JOIN enrolments e ON e.cohort_id = c.id
  JOIN users u ON u.id = e.user_id
  JOIN cohort_certificates cc ON cc.cohort_id = c.id
  JOIN certificates ce ON ce.id = cc.certificate_id
  JOIN user_certificates uc ON uc.certificate_id = ce.id AND uc.cohort_id = c.id AND uc.user_id = u.id
 WHERE c.id_slug = $1 AND ce.id_slug = $2 AND u.id_slug = $3 AND uc.progress = 'COMPLETED' AND ${LISTED_ENROLMENT}`;

/**
 * Whether the cohort's access ended for an enrolled student: $1 cohort id_slug, $2 user id_slug.
 * One row `{ access_ended }` when the user is enrolled (ACTIVE or SUSPENDED), or none. Read only
 * when a lesson call finds nothing, to tell "the class ended" from "not found".
 */
export const ACCESS_ENDED_SQL = `
SELECT c.end_access_date <= now() AS access_ended
  FROM cohorts c
  JOIN enrolments e ON e.cohort_id = c.id
  JOIN users u ON u.id = e.user_id
 WHERE c.id_slug = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}`;

/** A lesson of a course of the cohort that the student ($3, user id_slug) may read now. */
const POSITION_TARGET = `
SELECT u.id AS user_id, l.id AS lesson_id
  FROM cohorts c
  JOIN enrolments e ON e.cohort_id = c.id
  JOIN users u ON u.id = e.user_id
  JOIN cohort_courses cc ON cc.cohort_id = c.id
  JOIN modules m ON m.course_id = cc.course_id
  JOIN lessons l ON l.module_id = m.id
 WHERE c.id_slug = $1 AND l.id_slug = $2 AND u.id_slug = $3 AND ${READABLE_ENROLMENT}
 LIMIT 1`;

/** The student's kept position in a lesson: no row when the lesson is not theirs to read, null when not kept yet. */
export function lessonPosition(q: Sql, cohortIdSlug: string, lessonIdSlug: string, userIdSlug: string) {
  return one<{ position_seconds: number | null }>(
    q,
    `SELECT p.position_seconds FROM (${POSITION_TARGET}) t
       LEFT JOIN lesson_positions p ON p.user_id = t.user_id AND p.lesson_id = t.lesson_id`,
    [cohortIdSlug, lessonIdSlug, userIdSlug],
  );
}

/** Keeps the student's position in a lesson; no row when the lesson is not theirs to read. */
export function saveLessonPosition(q: Sql, cohortIdSlug: string, lessonIdSlug: string, userIdSlug: string, seconds: number) {
  return one<{ position_seconds: number }>(
    q,
    `INSERT INTO lesson_positions (user_id, lesson_id, position_seconds)
     SELECT t.user_id, t.lesson_id, $4 FROM (${POSITION_TARGET}) t
     ON CONFLICT (user_id, lesson_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds, updated_at = now()
     RETURNING position_seconds`,
    [cohortIdSlug, lessonIdSlug, userIdSlug, seconds],
  );
}

export function lessonFileAccess(q: Sql, fileIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{ id_slug: string; original_name: string; content_type: string }>(q, LESSON_FILE_ACCESS_SQL, [fileIdSlug, userId, isAdmin]);
}

export function accessEnded(q: Sql, cohortIdSlug: string, userIdSlug: string) {
  return one<{ access_ended: boolean }>(q, ACCESS_ENDED_SQL, [cohortIdSlug, userIdSlug]);
}

export function markLessonComplete(q: Sql, cohortIdSlug: string, userIdSlug: string, lessonIdSlug: string) {
  return one<{
    cohort_id_slug: string;
    cohort_id: string;
    enrolment_status: string;
    lesson_type: string;
    access_ended: boolean;
    updated: number;
    inserted: number;
  }>(q, MARK_LESSON_COMPLETE_SQL, [cohortIdSlug, userIdSlug, lessonIdSlug]);
}

export interface CompletedCertificateRow {
  title: string;
  provider: string[] | null;
  completion_date: Date | null;
  first_name: string;
  last_name: string;
  cohort_title: string;
  id_slug: string;
  document_id_slug: string | null;
  credential_id: string;
}

export function completedCertificate(q: Sql, cohortIdSlug: string, certificateIdSlug: string, userIdSlug: string) {
  return one<CompletedCertificateRow>(q, COMPLETED_CERTIFICATE_SQL, [cohortIdSlug, certificateIdSlug, userIdSlug]);
}

/** Records a certificate's document unless one was recorded first; answers the recorded one. */
export async function keepCertificateDocument(q: Sql, certificateIdSlug: string, documentIdSlug: string): Promise<string | undefined> {
  const row = await one<{ document_id_slug: string }>(
    q,
    `UPDATE user_certificates SET document_id_slug = coalesce(document_id_slug, $1) WHERE id_slug = $2 RETURNING document_id_slug`,
    [documentIdSlug, certificateIdSlug],
  );
  return row?.document_id_slug;
}

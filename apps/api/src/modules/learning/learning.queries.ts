import { one, type Sql } from '../../common/sql/db';

/**
 * The learner portal's reads and writes, each ONE statement that checks access and shapes the
 * answer in PostgreSQL. Exported on their own so the benchmark's bare node:http ceiling runs the
 * very same SQL as the Nest endpoints.
 *
 * Access rule shared by every statement: the user is enrolled in the cohort as ACTIVE or
 * SUSPENDED. Lessons (their content, files and completion) also need the cohort's
 * end_access_date not to have passed; after it the class stays listed as ended, with its
 * grades and certificates still readable. No row means "not found".
 */

const LISTED_ENROLMENT = `e.enrolment_status IN ('ACTIVE', 'SUSPENDED')`;
const READABLE_ENROLMENT = `${LISTED_ENROLMENT} AND c.end_access_date > now()`;

/** Course, module and lesson of a completed lesson, as `latest_lesson_part`. */
const LATEST_LESSON_JSON = `json_build_object(
  'lesson_id', l.id_slug, 'lesson_title', l.title, 'lesson_type', l.lesson_type, 'completed_at', lc.completed_at,
  'course_info', json_build_object('course_id_slug', co.id_slug, 'course_title', co.title))`;

/**
 * Dashboard: $1 user id_slug. One row per readable cohort with `cohort_part` and
 * `latest_lesson_part` (the lesson completed last in that cohort, or null), most recently
 * visited first.
 */
export const USER_COHORTS_SQL = `
SELECT json_build_object('id_slug', c.id_slug, 'title', c.title, 'start_date', c.start_date, 'end_date', c.end_date,
                         'end_access_date', c.end_access_date) AS cohort_part,
       latest.j AS latest_lesson_part
  FROM users u
  JOIN enrolments e ON e.user_id = u.id
  JOIN cohorts c ON c.id = e.cohort_id
  LEFT JOIN LATERAL (
    SELECT ${LATEST_LESSON_JSON} AS j
      FROM lesson_completions lc
      JOIN lessons l ON l.id = lc.lesson_id
      JOIN modules m ON m.id = l.module_id
      JOIN cohort_courses cc ON cc.cohort_id = lc.cohort_id AND cc.course_id = m.course_id
      JOIN courses co ON co.id = m.course_id
     WHERE lc.user_id = u.id AND lc.cohort_id = c.id
     ORDER BY lc.completed_at DESC
     LIMIT 1
  ) latest ON true
 WHERE u.id_slug = $1 AND ${LISTED_ENROLMENT}
 ORDER BY e.latest_access_datetime DESC NULLS LAST, c.start_date DESC, c.id`;

/**
 * The student's part of the cohort view: $1 cohort id_slug, $2 user id_slug, $3 whether to record
 * the visit (the student's own view; throttled to one write per 5 minutes). One row, or none when
 * the student may not read the cohort. The curriculum (courses, modules, lessons) is the same for
 * every student of the cohort: it comes from COHORT_CURRICULUM_SQL, cached per `curriculum_version`
 * (see cohort-view.ts), and the answer is put together in cohort-view.ts.
 *
 * - `head`: the cohort's title and dates; `done`: the ids of the lessons completed in this cohort,
 *   oldest completion first (some may no longer be part of the curriculum; the caller drops those);
 * - `latest_lesson_id` / `latest_completed_at`: the curriculum lesson completed last;
 * - `result_open_date` (json) / `result_open_ms`, `now_ms`: when the cohort's results open, and now,
 *   for hiding grades whose results are not open yet;
 * - `user_grades`: the student's grades, `[cohort_grade_id, id_slug, user_grade, status, grade that
 *   counts, set by hand]` (the last two from grade_result, for graded ones), of every
 *   cohort (read from one covering index; the caller keeps those of this cohort's grade items);
 * - `overrides`: `[cohort_grade_id, grade]`, the grades set by hand in force on this cohort's items;
 * - `certificates`: the cohort's certificates with the student's progress, and where the student
 *   stands against each one's completion rules (certificate_progress).
 */
export const USER_COHORT_PROGRESS_SQL = `
WITH access AS (
  SELECT c.id AS cohort_id, c.id_slug, c.title, c.start_date, c.end_date, c.end_access_date, c.result_open_date,
         c.curriculum_version, e.id AS enrolment_id, e.enrolment_status, e.user_id
    FROM cohorts c
    JOIN enrolments e ON e.cohort_id = c.id
    JOIN users u ON u.id = e.user_id
   WHERE c.id_slug = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}
),
touch AS (
  UPDATE enrolments SET latest_access_datetime = now()
   WHERE $3::boolean AND id = (SELECT enrolment_id FROM access)
     AND (latest_access_datetime IS NULL OR latest_access_datetime < now() - interval '5 minutes')
  RETURNING id
),
certificates AS (
  SELECT json_agg(json_build_object(
           'id_slug', ce.id_slug, 'title', ce.title,
           'user_certificate', CASE WHEN uc.id IS NULL THEN NULL
             ELSE json_build_object('progress', uc.progress, 'completion_date', uc.completion_date) END,
           'requirements', CASE WHEN cp.user_id IS NULL THEN NULL
             ELSE json_build_object('lessons_percent', cp.lessons_percent::float8, 'min_lessons_percent', cp.min_lessons_percent::float8,
                    'require_mandatory_graded', cp.require_mandatory_graded, 'missing_mandatory', cp.missing_mandatory,
                    'weighted_total', cp.weighted_total::float8, 'min_weighted_total', cp.min_weighted_total::float8) END)
           ORDER BY cc.created_date, ce.id) AS j
    FROM access a
    JOIN cohort_certificates cc ON cc.cohort_id = a.cohort_id
    JOIN certificates ce ON ce.id = cc.certificate_id
    LEFT JOIN user_certificates uc ON uc.certificate_id = ce.id AND uc.cohort_id = a.cohort_id AND uc.user_id = a.user_id
    LEFT JOIN certificate_progress(a.cohort_id, a.user_id) cp ON cp.certificate_id = ce.id
)
SELECT a.cohort_id, a.curriculum_version, a.id_slug, a.enrolment_status,
       json_build_object('title', a.title, 'start_date', a.start_date, 'end_date', a.end_date, 'end_access_date', a.end_access_date) AS head,
       coalesce((SELECT json_agg(lc.lesson_id ORDER BY lc.completed_at, lc.lesson_id)
                   FROM lesson_completions lc WHERE lc.user_id = a.user_id AND lc.cohort_id = a.cohort_id), '[]') AS done,
       latest.lesson_id AS latest_lesson_id, to_json(latest.completed_at) AS latest_completed_at,
       to_json(a.result_open_date) AS result_open_date,
       (extract(epoch FROM a.result_open_date) * 1000)::float8 AS result_open_ms,
       (extract(epoch FROM now()) * 1000)::float8 AS now_ms,
       coalesce((SELECT json_agg(json_build_array(ug.cohort_grade_id, ug.id_slug, ug.user_grade, ug.user_submission_status,
                                 -- The grade that counts (set by hand, else after any late penalty), and whether it was set by hand.
                                 r.final_grade, r.override_grade IS NOT NULL))
                   FROM user_grades ug
                   LEFT JOIN LATERAL grade_result(ug.cohort_grade_id, ug.user_id) r ON ug.user_submission_status = 'GRADED'
                  WHERE ug.user_id = a.user_id), '[]') AS user_grades,
       -- Grades set by hand in force on this cohort's items, [grade item, grade]: they count even where nothing was handed in or graded.
       coalesce((SELECT json_agg(json_build_array(g.id, o.grade))
                   FROM cohort_grades g
                   CROSS JOIN LATERAL (SELECT x.grade::float8 AS grade FROM grade_override_entries x
                                        WHERE x.cohort_grade_id = g.id AND x.user_id = a.user_id ORDER BY x.id DESC LIMIT 1) o
                  WHERE g.cohort_id = a.cohort_id AND o.grade IS NOT NULL), '[]') AS overrides,
       -- The student's own deadlines where an extension moved them: [grade item, deadline ms, late deadline ms, deadline].
       coalesce((SELECT json_agg(json_build_array(x.cohort_grade_id,
                                 (extract(epoch FROM effective_deadline(g.deadline_datetime, x.deadline_datetime)) * 1000)::float8,
                                 (extract(epoch FROM effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime,
                                                                             x.late_deadline_datetime)) * 1000)::float8,
                                 effective_deadline(g.deadline_datetime, x.deadline_datetime)))
                   FROM grade_extensions x JOIN cohort_grades g ON g.id = x.cohort_grade_id
                  WHERE x.user_id = a.user_id AND g.cohort_id = a.cohort_id), '[]') AS extensions,
       coalesce((SELECT j FROM certificates), '[]') AS certificates
  FROM access a
  LEFT JOIN LATERAL (
    SELECT lc.lesson_id, lc.completed_at
      FROM lesson_completions lc
      JOIN lessons l ON l.id = lc.lesson_id
      JOIN modules m ON m.id = l.module_id
      JOIN cohort_courses cc ON cc.cohort_id = lc.cohort_id AND cc.course_id = m.course_id
     WHERE lc.user_id = a.user_id AND lc.cohort_id = a.cohort_id
     ORDER BY lc.completed_at DESC, lc.lesson_id DESC
     LIMIT 1
  ) latest ON true`;

/**
 * A cohort's curriculum, the same for all its students: $1 cohort id (internal). One row
 * `{ curriculum_version, courses, grades }` (courses in the cohort's order, each with its modules
 * and their lessons in order; the grade items of the cohort's lessons in the order students see
 * them), or none when the cohort is gone.
 */
export const COHORT_CURRICULUM_SQL = `
SELECT c.curriculum_version,
       coalesce((
         SELECT json_agg(json_build_object(
                  'id_slug', co.id_slug, 'title', co.title,
                  'modules', coalesce((
                    SELECT json_agg(json_build_object(
                             'id_slug', m.id_slug, 'title', m.title, 'order', m."order",
                             'lessons', coalesce((
                               SELECT json_agg(json_build_array(l.id, l.id_slug, l.title, l.lesson_type, l."order") ORDER BY l."order", l.id)
                                 FROM lessons l WHERE l.module_id = m.id), '[]'))
                             ORDER BY m."order", m.id)
                      FROM modules m WHERE m.course_id = co.id), '[]'))
                  ORDER BY cc."order", co.id)
           FROM cohort_courses cc JOIN courses co ON co.id = cc.course_id
          WHERE cc.cohort_id = c.id), '[]') AS courses,
       coalesce((
         SELECT json_agg(json_build_object(
                  'id', g.id, 'id_slug', g.id_slug,
                  'result_open_ms', (extract(epoch FROM g.result_open_datetime) * 1000)::float8,
                  'opens_ms', (extract(epoch FROM coalesce(g.open_datetime, c.start_date)) * 1000)::float8,
                  'deadline_ms', (extract(epoch FROM g.deadline_datetime) * 1000)::float8,
                  'late_deadline_ms', (extract(epoch FROM g.late_deadline_datetime) * 1000)::float8,
                  'info', json_build_object(
                    'lesson_title', l.title, 'course_id', co.id_slug, 'lesson_id', l.id_slug,
                    'deadline_datetime', g.deadline_datetime, 'is_mandatory', g.is_mandatory,
                    'grade_percentage', g.grade_percentage, 'lesson_type', l.lesson_type,
                    -- The cohort's result_open_date stands in when null (per request: not part of the version).
                    'result_open_datetime', g.result_open_datetime,
                    -- Derived per request from the dates and the student's hand-in (cohort-view.ts).
                    'submission_status', 'NOT_OPEN'))
                  ORDER BY g.deadline_datetime NULLS LAST, cc."order", m."order", l."order")
           FROM cohort_grades g
           JOIN lessons l ON l.id = g.lesson_id
           JOIN modules m ON m.id = l.module_id
           -- Only lessons of the cohort's courses.
           JOIN cohort_courses cc ON cc.cohort_id = g.cohort_id AND cc.course_id = m.course_id
           JOIN courses co ON co.id = cc.course_id
          WHERE g.cohort_id = c.id), '[]') AS grades
  FROM cohorts c
 WHERE c.id = $1`;

/**
 * One course of a cohort with every lesson in full, for the lesson page: $1 cohort id_slug,
 * $2 course id_slug, $3 user id_slug, $4 whether to record the visit. One row, or none.
 * File references come back with their names; the service turns them into signed URLs.
 */
export const USER_COURSE_VIEW_SQL = `
WITH access AS (
  SELECT c.id AS cohort_id, c.result_open_date, c.start_date, e.id AS enrolment_id, e.enrolment_status, e.user_id, co.id AS course_id,
         co.id_slug AS course_slug, co.title AS course_title, co.description AS course_description
    FROM cohorts c
    JOIN enrolments e ON e.cohort_id = c.id
    JOIN users u ON u.id = e.user_id
    JOIN cohort_courses cc ON cc.cohort_id = c.id
    JOIN courses co ON co.id = cc.course_id
   WHERE c.id_slug = $1 AND co.id_slug = $2 AND u.id_slug = $3 AND ${READABLE_ENROLMENT}
),
touch AS (
  UPDATE enrolments SET latest_access_datetime = now()
   WHERE $4::boolean AND id = (SELECT enrolment_id FROM access)
     AND (latest_access_datetime IS NULL OR latest_access_datetime < now() - interval '5 minutes')
  RETURNING id
),
lesson_rows AS (
  SELECT l.*, lc.lesson_id IS NOT NULL AS is_completed, g.id AS grade_id,
         g.id_slug AS grade_slug, g.deadline_datetime, g.is_mandatory, g.grade_percentage,
         coalesce(g.result_open_datetime, a.result_open_date) AS result_open_datetime, g.submission_status,
         ug.id_slug AS user_grade_slug, ug.user_grade, ug.user_submission_status,
         coalesce(g.open_datetime, a.start_date) AS opens_at, g.late_deadline_datetime, qs.quiz_session
    FROM access a
    JOIN modules m ON m.course_id = a.course_id
    JOIN lessons l ON l.module_id = m.id
    LEFT JOIN lesson_completions lc ON lc.user_id = a.user_id AND lc.cohort_id = a.cohort_id AND lc.lesson_id = l.id
    LEFT JOIN cohort_grades g ON g.cohort_id = a.cohort_id AND g.lesson_id = l.id
    LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = a.user_id
    -- The student's latest attempt at the lesson's quiz; its score only once results open.
    LEFT JOIN LATERAL (
      SELECT json_build_object('id_slug', s.id_slug, 'started_datetime', s.started_at, 'submitted_datetime', s.submitted_at,
               'score', CASE WHEN s.submitted_at IS NOT NULL AND (coalesce(g.result_open_datetime, a.result_open_date) IS NULL
                                                              OR coalesce(g.result_open_datetime, a.result_open_date) <= now())
                             THEN s.score::float8 END) AS quiz_session
        FROM quiz_groups qg JOIN quiz_sessions s ON s.quiz_group_id = qg.id
       WHERE l.lesson_type = 'QUIZ' AND qg.lesson_id = l.id AND s.cohort_id = a.cohort_id AND s.user_id = a.user_id
       ORDER BY s.attempt_number DESC, s.id DESC
       LIMIT 1
    ) qs ON true
),
lesson_json AS (
  SELECT lr.module_id, lr."order", lr.id, lr.is_completed, json_build_object(
    'id_slug', lr.id_slug, 'title', lr.title, 'description', lr.description, 'order', lr."order",
    'lesson_type', lr.lesson_type, 'video_lecture_id_slug', lr.video_lecture_id_slug,
    'video_captions_id_slug', lr.video_captions_id_slug, 'video_duration_seconds', lr.video_duration_seconds,
    'reading_files', coalesce((
      SELECT json_agg(json_build_object('id_slug', f.id_slug, 'name', f.original_name) ORDER BY r.ord)
        FROM unnest(lr.reading_pdf_id_slugs) WITH ORDINALITY r(slug, ord) JOIN stored_files f ON f.id_slug = r.slug), '[]'),
    'links', coalesce((
      SELECT json_agg(json_build_object('url', r.link, 'file_id_slug', f.id_slug, 'name', f.original_name) ORDER BY r.ord)
        FROM unnest(lr.link_urls) WITH ORDINALITY r(link, ord) LEFT JOIN stored_files f ON f.id_slug = r.link), '[]'),
    'quiz_group', CASE WHEN lr.quiz_group IS NULL THEN NULL ELSE json_build_object(
      'id_slug', coalesce(lr.quiz_group->>'id_slug', lr.id_slug),
      'total_questions', coalesce((lr.quiz_group->>'total_questions')::int, 0),
      'time_limit_minutes', (lr.quiz_group->>'time_limit_minutes')::int,
      'instructions_files_urls', coalesce(lr.quiz_group->'instructions_files_urls', '[]'::jsonb)) END,
    'project_group', CASE WHEN lr.project_group IS NULL THEN NULL ELSE json_build_object(
      'id_slug', coalesce(lr.project_group->>'id_slug', lr.id_slug),
      'total_questions', coalesce((lr.project_group->>'total_questions')::int, 0),
      'time_limit_minutes', (lr.project_group->>'time_limit_minutes')::int,
      'instructions_files_urls', coalesce(lr.project_group->'instructions_files_urls', '[]'::jsonb)) END,
    'cohort_grade', CASE WHEN lr.grade_id IS NULL THEN NULL ELSE json_build_object(
      'id_slug', lr.grade_slug, 'open_datetime', lr.opens_at, 'deadline_datetime', lr.deadline_datetime, 'is_mandatory', lr.is_mandatory,
      'grade_percentage', lr.grade_percentage, 'result_open_datetime', lr.result_open_datetime,
      'submission_status', lr.submission_status) END,
    'user_cohort_grade', CASE WHEN lr.grade_id IS NULL OR (lr.user_grade_slug IS NULL AND lr.quiz_session IS NULL) THEN NULL ELSE json_build_object(
      'id_slug', coalesce(lr.user_grade_slug, lr.grade_slug),
      'user_grade', CASE WHEN lr.result_open_datetime IS NULL OR lr.result_open_datetime <= now() THEN lr.user_grade END,
      'user_submission_status', coalesce(lr.user_submission_status, 'PENDING'), 'quiz_session', lr.quiz_session, 'project_session', NULL) END,
    -- The facts the statuses are derived from (learning.service.ts), taken off before the answer.
    'grade_facts', CASE WHEN lr.grade_id IS NULL THEN NULL ELSE json_build_object(
      'now_ms', (extract(epoch FROM now()) * 1000)::float8,
      'opens_ms', (extract(epoch FROM lr.opens_at) * 1000)::float8,
      'deadline_ms', (extract(epoch FROM lr.deadline_datetime) * 1000)::float8,
      'late_deadline_ms', (extract(epoch FROM lr.late_deadline_datetime) * 1000)::float8,
      'released', lr.result_open_datetime IS NULL OR lr.result_open_datetime <= now()) END,
    'is_completed', lr.is_completed) AS j
    FROM lesson_rows lr
),
module_json AS (
  SELECT m."order", m.id, json_build_object(
           'id_slug', m.id_slug, 'title', m.title, 'order', m."order",
           'lessons', coalesce(json_agg(lj.j ORDER BY lj."order", lj.id) FILTER (WHERE lj.id IS NOT NULL), '[]'),
           'completion_percentage', completion_percentage(count(lj.id) FILTER (WHERE lj.is_completed), count(lj.id))) AS j
    FROM access a
    JOIN modules m ON m.course_id = a.course_id
    LEFT JOIN lesson_json lj ON lj.module_id = m.id
   GROUP BY m.id
)
SELECT json_build_object(
         'id_slug', a.course_slug, 'title', a.course_title, 'description', a.course_description,
         'modules', coalesce((SELECT json_agg(mj.j ORDER BY mj."order", mj.id) FROM module_json mj), '[]'),
         'completed_lessons', coalesce((SELECT json_agg(lr.id_slug) FROM lesson_rows lr WHERE lr.is_completed), '[]'),
         'enrolment_status', a.enrolment_status
       ) AS course_part
  FROM access a`;

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

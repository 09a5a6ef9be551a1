import { READABLE_ENROLMENT } from './learning-access.sql';

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
         -- The student's own dates where an extension moved them.
         g.id_slug AS grade_slug, effective_deadline(g.deadline_datetime, x.deadline_datetime) AS deadline_datetime, g.is_mandatory, g.grade_percentage,
         coalesce(g.result_open_datetime, a.result_open_date) AS result_open_datetime, g.submission_status,
         ug.id_slug AS user_grade_slug, ug.user_grade, ug.user_submission_status,
         coalesce(g.open_datetime, a.start_date) AS opens_at,
         effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime) AS late_deadline_datetime, qs.quiz_session
    FROM access a
    JOIN modules m ON m.course_id = a.course_id
    JOIN lessons l ON l.module_id = m.id
    LEFT JOIN lesson_completions lc ON lc.user_id = a.user_id AND lc.cohort_id = a.cohort_id AND lc.lesson_id = l.id
    LEFT JOIN cohort_grades g ON g.cohort_id = a.cohort_id AND g.lesson_id = l.id
    LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = a.user_id
    LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = a.user_id
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
      'id_slug', lr.grade_slug, 'open_datetime', lr.opens_at, 'deadline_datetime', lr.deadline_datetime,
      'late_deadline_datetime', lr.late_deadline_datetime, 'is_mandatory', lr.is_mandatory,
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

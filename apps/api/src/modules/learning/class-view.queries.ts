import { LISTED_ENROLMENT } from './learning-access.sql';

/**
 * The dashboard and the cohort (class) view: the student's classes, the student's part of one class,
 * and the class's curriculum (the same for every student, cached by cohort-view.ts). Access rule: see
 * learning-access.sql.ts.
 */

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
 *   stands against each one's completion rules (student_certificate_progress, read once).
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
-- The student's standing against each certificate's rules, worked out once (not once per certificate).
progress AS MATERIALIZED (
  SELECT cp.* FROM access a CROSS JOIN LATERAL student_certificate_progress(a.cohort_id, a.user_id) cp
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
    LEFT JOIN progress cp ON cp.certificate_id = ce.id
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

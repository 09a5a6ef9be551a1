import { PAGE_SIZES } from '@school/contracts';
import { cohortStatus, iso } from '../courses/admin-list';

/** Enrolment totals of cohort `k`, for a LATERAL join. */
export const COHORT_TOTALS = `(
  SELECT count(*) FILTER (WHERE e.enrolment_status = 'ACTIVE')::int AS total_active,
         count(*)::int AS total_students,
         count(*) FILTER (WHERE e.enrolment_status = 'SUSPENDED')::int AS total_dropped
    FROM enrolments e WHERE e.cohort_id = k.id)`;

/** The courses cohort `k` teaches, in their order, with their size. */
export const COHORT_COURSES_JSON = `COALESCE((
  SELECT json_agg(json_build_object(
    'id_slug', c.id_slug, 'title', c.title, 'description', c.description,
    'modules_count', (SELECT count(*) FROM modules md WHERE md.course_id = c.id)::int,
    'lessons_count', (SELECT count(*) FROM lessons l JOIN modules md ON md.id = l.module_id WHERE md.course_id = c.id)::int
  ) ORDER BY cc."order", c.title)
  FROM cohort_courses cc JOIN courses c ON c.id = cc.course_id WHERE cc.cohort_id = k.id), '[]'::json)`;

/** A student row (aliases `u` for the user, `e` for the enrolment, `k` for the cohort) as StudentSchema. */
export const STUDENT_JSON = `json_build_object(
  'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email,
  'cohort_enrollment', json_build_object('cohort_id_slug', k.id_slug, 'cohort_title', k.title, 'enrolment_status', e.enrolment_status),
  'enrolment_status', e.enrolment_status,
  'latest_access_datetime', ${iso('e.latest_access_datetime')},
  'completion_percentage', enrolment_completion(e.user_id, e.cohort_id)::float8,
  'is_suspended', u.is_suspended)`;

/** The admin view of one cohort (`$1` its id_slug) in one statement, with the first page of students. */
export const COHORT_DETAIL_SQL = `
SELECT json_build_object(
  'id_slug', k.id_slug, 'title', k.title,
  'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')},
  'end_access_date', ${iso('k.end_access_date')}, 'result_open_date', ${iso('k.result_open_date')},
  'status', ${cohortStatus('k')},
  'total_active', s.total_active, 'total_students', s.total_students, 'total_dropped', s.total_dropped,
  'courses', ${COHORT_COURSES_JSON},
  'students', COALESCE((
    SELECT json_agg(${STUDENT_JSON} ORDER BY e.created_date DESC, e.id DESC)
      FROM (SELECT * FROM enrolments WHERE cohort_id = k.id ORDER BY created_date DESC, id DESC LIMIT ${PAGE_SIZES.cohortStudents}) e
      JOIN users u ON u.id = e.user_id), '[]'::json),
  'certificates', COALESCE((
    SELECT json_agg(json_build_object('id_slug', c.id_slug, 'title', c.title, 'provider', to_json(c.provider))
                    ORDER BY kc.created_date, c.id)
      FROM cohort_certificates kc JOIN certificates c ON c.id = kc.certificate_id WHERE kc.cohort_id = k.id), '[]'::json)
) AS data
FROM cohorts k CROSS JOIN LATERAL ${COHORT_TOTALS} s
WHERE k.id_slug = $1`;

import type { AdminCourse, AdminCourseListItem, AdminCourseListQuery } from '@school/contracts';
import { cohortStatus } from '../../common/sql/cohort-status';
import { exec, one, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy } from '../../common/sql/list';

/** An assessment group (quiz or project) stored as jsonb, shaped as the contracts' AssessmentGroup. */
const group = (col: string) => `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object(
    'id_slug', COALESCE(${col}->>'id_slug', l.id_slug),
    'total_questions', COALESCE((${col}->>'total_questions')::int, 0),
    'time_limit_minutes', (${col}->>'time_limit_minutes')::int,
    'instructions_files_urls', COALESCE(${col}->'instructions_files_urls', '[]'::jsonb)) END`;

/** A lesson (alias `l`) as the contracts' LessonSchema; a course outside a cohort has no cohort grade. */
export const LESSON_JSON = `json_build_object(
  'id_slug', l.id_slug, 'title', l.title, 'description', l.description, 'order', l."order",
  'lesson_type', l.lesson_type, 'video_lecture_id_slug', l.video_lecture_id_slug,
  'reading_pdf_id_slugs', to_json(l.reading_pdf_id_slugs), 'link_urls', to_json(l.link_urls),
  'quiz_group', ${group('l.quiz_group')}, 'project_group', ${group('l.project_group')},
  'cohort_grade', NULL)`;

/** The modules of course `$1` (internal id) with their lessons, in order. */
export const MODULES_JSON = `COALESCE((
  SELECT json_agg(json_build_object(
    'id_slug', md.id_slug, 'title', md.title, 'order', md."order",
    'lessons_count', (SELECT count(*) FROM lessons l WHERE l.module_id = md.id)::int,
    'lessons', COALESCE((SELECT json_agg(${LESSON_JSON} ORDER BY l."order", l.id) FROM lessons l WHERE l.module_id = md.id), '[]'::json)
  ) ORDER BY md."order", md.id)
  FROM modules md WHERE md.course_id = c.id), '[]'::json)`;

/**
 * The whole admin view of one course in one statement: curriculum, linked cohorts and engagement.
 * Engagement counts the enrolments of the cohorts that teach the course; completion is the share of
 * (enrolment, lesson) pairs completed, per course and per module.
 */
const COURSE_DETAIL_SQL = `
WITH c AS (SELECT * FROM courses WHERE id_slug = $1),
enr AS (
  SELECT e.user_id, e.cohort_id, e.enrolment_status
    FROM enrolments e JOIN cohort_courses cc ON cc.cohort_id = e.cohort_id JOIN c ON cc.course_id = c.id
),
les AS (SELECT l.id, l.module_id FROM lessons l JOIN modules md ON md.id = l.module_id JOIN c ON md.course_id = c.id),
done AS (
  SELECT les.module_id, count(*) AS n
    FROM lesson_completions lc
    JOIN enr ON enr.user_id = lc.user_id AND enr.cohort_id = lc.cohort_id
    JOIN les ON les.id = lc.lesson_id
   GROUP BY les.module_id
),
stats AS (
  SELECT count(*) FILTER (WHERE enrolment_status = 'ACTIVE')::int AS active,
         count(*)::int AS total,
         count(*) FILTER (WHERE enrolment_status = 'SUSPENDED')::int AS dropped
    FROM enr
)
SELECT json_build_object(
  'id_slug', c.id_slug, 'title', c.title, 'description', c.description,
  'created_date', ${iso('c.created_date')}, 'modified_date', ${iso('c.modified_date')},
  'modules', ${MODULES_JSON},
  'cohorts', COALESCE((
    SELECT json_agg(json_build_object(
      'id_slug', k.id_slug, 'title', k.title, 'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')},
      'status', ${cohortStatus('k')},
      'total_students', (SELECT count(*) FROM enrolments e WHERE e.cohort_id = k.id)::int
    ) ORDER BY k.start_date DESC, k.id)
    FROM cohort_courses cc JOIN cohorts k ON k.id = cc.cohort_id WHERE cc.course_id = c.id), '[]'::json),
  'engagement', json_build_object(
    'active_students', stats.active,
    'total_students', stats.total,
    'total_dropped', stats.dropped,
    'course_completion_percentage', completion_percentage((SELECT sum(n) FROM done)::bigint, stats.total * (SELECT count(*) FROM les))::float8,
    'modules_engagement', COALESCE((
      SELECT json_agg(json_build_object(
        'module_id_slug', md.id_slug, 'module_title', md.title,
        'module_completion_percentage', completion_percentage(
            (SELECT n FROM done WHERE done.module_id = md.id)::bigint, stats.total * (SELECT count(*) FROM les WHERE les.module_id = md.id))::float8,
        'lessons_engagement', COALESCE((
          SELECT json_agg(json_build_object('lesson_id_slug', l.id_slug, 'lesson_title', l.title, 'lesson_lesson_type', l.lesson_type)
                          ORDER BY l."order", l.id)
            FROM lessons l WHERE l.module_id = md.id), '[]'::json)
      ) ORDER BY md."order", md.id)
      FROM modules md WHERE md.course_id = c.id), '[]'::json)
  )
) AS data
FROM c CROSS JOIN stats`;


const SORTS = { title: 'lower(title)', created_date: 'created_date' };

/** A course of the admin list (alias `p`), as AdminCourseListItem. */
const LIST_ITEM_JSON = `json_build_object(
  'id_slug', p.id_slug, 'title', p.title, 'description', p.description,
  'created_date', ${iso('p.created_date')}, 'modified_date', ${iso('p.modified_date')},
  'modules_count', (SELECT count(*) FROM modules md WHERE md.course_id = p.id)::int,
  'lessons_count', (SELECT count(*) FROM lessons l JOIN modules md ON md.id = l.module_id WHERE md.course_id = p.id)::int,
  'cohorts_count', (SELECT count(*) FROM cohort_courses cc WHERE cc.course_id = p.id)::int)`;

/** One statement: the total and one page, searched (trigram index) and sorted in SQL. */
export function listCourses(q: Sql, query: AdminCourseListQuery) {
  const order = orderBy(query.order_by, SORTS, 'title');
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    where.push(`c.title ILIKE $${params.length}`);
  }
  if (query.cohort_id_slug) {
    params.push(query.cohort_id_slug);
    where.push(`EXISTS (SELECT 1 FROM cohort_courses cc JOIN cohorts k ON k.id = cc.cohort_id
                        WHERE cc.course_id = c.id AND k.id_slug = $${params.length})`);
  }
  return listPage<AdminCourseListItem>(q, {
    matching: `SELECT c.id, c.id_slug, c.title, c.description, c.created_date, c.modified_date FROM courses c
               ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    order,
    item: LIST_ITEM_JSON,
    params,
    page: query,
  });
}

export async function courseDetail(q: Sql, idSlug: string): Promise<AdminCourse | undefined> {
  return (await one<{ data: AdminCourse }>(q, COURSE_DETAIL_SQL, [idSlug]))?.data;
}

/** Renames a course; answers whether it exists. */
export async function updateCourse(q: Sql, idSlug: string, title: string, description: string | null): Promise<boolean> {
  const n = await exec(
    q,
    `UPDATE courses SET title = $2, description = COALESCE($3, description), modified_date = now() WHERE id_slug = $1`,
    [idSlug, title, description],
  );
  return n > 0;
}

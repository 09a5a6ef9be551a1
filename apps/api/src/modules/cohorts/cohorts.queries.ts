import {
  PAGE_SIZES,
  type ActiveCohort,
  type AdminCohort,
  type AdminCohortListItem,
  type AdminCohortListQuery,
  type InstructorCohort,
} from '@school/contracts';
import type { EntityManager } from 'typeorm';
import { cohortStatus, cohortStatusWhere } from '../../common/sql/cohort-status';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy } from '../../common/sql/list';
import { STUDENT_JSON } from '../enrolments';

/** Enrolment totals of cohort `k`, for a LATERAL join. */
const COHORT_TOTALS = `(
  SELECT count(*) FILTER (WHERE e.enrolment_status = 'ACTIVE')::int AS total_active,
         count(*)::int AS total_students,
         count(*) FILTER (WHERE e.enrolment_status = 'SUSPENDED')::int AS total_dropped
    FROM enrolments e WHERE e.cohort_id = k.id)`;

/** The courses cohort `k` teaches, in their order, with their size. */
const COHORT_COURSES_JSON = `COALESCE((
  SELECT json_agg(json_build_object(
    'id_slug', c.id_slug, 'title', c.title, 'description', c.description,
    'modules_count', (SELECT count(*) FROM modules md WHERE md.course_id = c.id)::int,
    'lessons_count', (SELECT count(*) FROM lessons l JOIN modules md ON md.id = l.module_id WHERE md.course_id = c.id)::int
  ) ORDER BY cc."order", c.title)
  FROM cohort_courses cc JOIN courses c ON c.id = cc.course_id WHERE cc.cohort_id = k.id), '[]'::json)`;

/** The admin view of one cohort (`$1` its id_slug) in one statement, with the first page of students. */
const COHORT_DETAIL_SQL = `
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
      FROM cohort_certificates kc JOIN certificates c ON c.id = kc.certificate_id WHERE kc.cohort_id = k.id), '[]'::json),
  'courses_without_grade_items', COALESCE((
    SELECT json_agg(json_build_object('id_slug', co.id_slug, 'title', co.title, 'graded_lessons', x.graded) ORDER BY cc."order", co.id)
      FROM cohort_courses cc JOIN courses co ON co.id = cc.course_id
      CROSS JOIN LATERAL (
        SELECT count(*) FILTER (WHERE l.lesson_type IN ('QUIZ', 'PROJECT'))::int AS graded, count(g.id) AS items
          FROM modules m JOIN lessons l ON l.module_id = m.id
          LEFT JOIN cohort_grades g ON g.cohort_id = k.id AND g.lesson_id = l.id
         WHERE m.course_id = co.id) x
     WHERE cc.cohort_id = k.id AND x.items = 0), '[]'::json)
) AS data
FROM cohorts k CROSS JOIN LATERAL ${COHORT_TOTALS} s
WHERE k.id_slug = $1`;

const SORTS = { title: 'lower(title)', created_date: 'created_date', start_date: 'start_date' };

/** A cohort row (alias `k`) of the admin list, as JSON with ISO dates. */
const LIST_ITEM_JSON = `json_build_object(
  'id_slug', k.id_slug, 'title', k.title,
  'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')},
  'end_access_date', ${iso('k.end_access_date')}, 'result_open_date', ${iso('k.result_open_date')},
  'status', ${cohortStatus('k')},
  'total_active', s.total_active, 'total_students', s.total_students, 'total_dropped', s.total_dropped,
  'courses_count', (SELECT count(*) FROM cohort_courses cc WHERE cc.cohort_id = k.id)::int,
  'created_date', ${iso('k.created_date')})`;

/** One statement: the total and one page, searched (trigram index), filtered by status (date indexes) and sorted in SQL. */
export function listCohorts(q: Sql, query: AdminCohortListQuery) {
  const order = orderBy(query.order_by, SORTS, '-created_date');
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    conditions.push(`k.title ILIKE $${params.length}`);
  }
  if (query.status) conditions.push(cohortStatusWhere('k', query.status));
  return listPage<AdminCohortListItem>(q, {
    matching: `SELECT k.* FROM cohorts k ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
    order,
    item: LIST_ITEM_JSON,
    as: 'k',
    join: `CROSS JOIN LATERAL ${COHORT_TOTALS} s`,
    params,
    page: query,
  });
}

/** Cohorts a student can still be added to: those that have not ended. */
export async function activeCohorts(q: Sql): Promise<ActiveCohort[]> {
  const row = await mustOne<{ data: ActiveCohort[] }>(
    q,
    `SELECT COALESCE(json_agg(json_build_object('id_slug', k.id_slug, 'title', k.title,
              'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')}, 'status', ${cohortStatus('k')})
            ORDER BY k.start_date, k.id), '[]'::json) AS data
       FROM cohorts k WHERE k.end_date > now()`,
  );
  return row.data;
}

export async function cohortDetail(q: Sql, idSlug: string): Promise<AdminCohort | undefined> {
  return (await one<{ data: AdminCohort }>(q, COHORT_DETAIL_SQL, [idSlug]))?.data;
}

/** The cohorts a staff member is linked to as an instructor, newest first, with their courses. */
export async function instructorCohorts(q: Sql, userId: string): Promise<InstructorCohort[]> {
  const row = await mustOne<{ data: InstructorCohort[] }>(
    q,
    `SELECT COALESCE(json_agg(json_build_object(
              'id_slug', k.id_slug, 'title', k.title,
              'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')}, 'end_access_date', ${iso('k.end_access_date')},
              'status', ${cohortStatus('k')}, 'total_active', s.total_active, 'total_students', s.total_students,
              'courses', ${COHORT_COURSES_JSON}) ORDER BY k.start_date DESC, k.id), '[]'::json) AS data
       FROM cohort_instructors ci JOIN cohorts k ON k.id = ci.cohort_id CROSS JOIN LATERAL ${COHORT_TOTALS} s
      WHERE ci.user_id = $1`,
    [userId],
  );
  return row.data;
}

/** One cohort (internal id) as an item of the admin list. */
export async function cohortListItem(q: Sql, id: string): Promise<AdminCohortListItem> {
  const row = await mustOne<{ data: AdminCohortListItem }>(
    q,
    `SELECT ${LIST_ITEM_JSON} AS data FROM cohorts k CROSS JOIN LATERAL ${COHORT_TOTALS} s WHERE k.id = $1`,
    [id],
  );
  return row.data;
}

export async function coursesBySlug(q: Sql, slugs: string[]) {
  return rows<{ id: string; id_slug: string }>(q, `SELECT id, id_slug FROM courses WHERE id_slug = ANY($1::text[])`, [slugs]);
}

/** Links courses (internal ids, in their order) to a new cohort. */
export async function linkCourses(m: EntityManager, cohortId: string, courseIds: (string | undefined)[]) {
  await exec(
    m,
    `INSERT INTO cohort_courses (cohort_id, course_id, "order") SELECT $1, c, (o - 1)::int FROM unnest($2::bigint[]) WITH ORDINALITY AS t(c, o)`,
    [cohortId, courseIds],
  );
}

/**
 * The item of the cohort's courses that takes its result date (none of its own) and closes latest after `resultAt`,
 * its students' extensions included: whether it closes at a late deadline, and whether only an
 * extension runs past that date: $1 cohort id_slug. None when every such item closes by then.
 * (Items still at their defaults open their results at the later of this date and the cohort's end.)
 */
export const itemClosingAfter = (q: Sql, idSlug: string, resultAt: string) =>
  one<{ title: string; late: boolean; extension: boolean }>(
    q,
    `SELECT l.title, g.late_deadline_datetime IS NOT NULL AS late,
            coalesce(greatest(g.deadline_datetime, g.late_deadline_datetime) <= $2::timestamptz, true) AS extension
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id JOIN lessons l ON l.id = g.lesson_id
       -- Only items of the cohort's courses: a stray item on another course's lesson shows to nobody.
       JOIN modules m ON m.id = l.module_id JOIN cohort_courses cc ON cc.cohort_id = c.id AND cc.course_id = m.course_id
       CROSS JOIN LATERAL (SELECT max(greatest(x.deadline_datetime, x.late_deadline_datetime)) AS ends
                             FROM grade_extensions x WHERE x.cohort_grade_id = g.id) x
      WHERE c.id_slug = $1 AND g.result_open_datetime IS NULL
        AND greatest(g.deadline_datetime, g.late_deadline_datetime, x.ends) > $2::timestamptz
      ORDER BY greatest(g.deadline_datetime, g.late_deadline_datetime, x.ends) DESC, g.id
      LIMIT 1`,
    [idSlug, resultAt],
  );

export async function updateCohort(
  q: Sql,
  idSlug: string,
  b: { title: string; start_date: string; end_date: string; end_access_date: string; result_open_date?: string | null },
): Promise<boolean> {
  const n = await exec(
    q,
    `UPDATE cohorts SET title = $2, start_date = $3, end_date = $4, end_access_date = $5,
            result_open_date = CASE WHEN $6 THEN $7::timestamptz ELSE result_open_date END, modified_date = now()
      WHERE id_slug = $1`,
    [idSlug, b.title, b.start_date, b.end_date, b.end_access_date, b.result_open_date !== undefined, b.result_open_date ?? null],
  );
  return n > 0;
}

/** Deletes a cohort (its enrolments, progress, grades, certificates and queue cascade); answers whether it existed. */
export async function deleteCohort(q: Sql, idSlug: string): Promise<boolean> {
  return (await exec(q, `DELETE FROM cohorts WHERE id_slug = $1`, [idSlug])) > 0;
}

/** Locks a cohort for a change of its courses; its internal id, or undefined. */
export async function lockCohort(m: EntityManager, idSlug: string): Promise<string | undefined> {
  return (await one<{ id: string }>(m, `SELECT id FROM cohorts WHERE id_slug = $1 FOR UPDATE`, [idSlug]))?.id;
}

export async function courseIdBySlug(q: Sql, slug: string): Promise<string | undefined> {
  return (await one<{ id: string }>(q, `SELECT id FROM courses WHERE id_slug = $1`, [slug]))?.id;
}

/** Links a course after the cohort's others; false when it was linked already. */
export async function appendCourse(m: EntityManager, cohortId: string, courseId: string): Promise<boolean> {
  const n = await exec(
    m,
    `INSERT INTO cohort_courses (cohort_id, course_id, "order")
     SELECT $1, $2, COALESCE(max("order") + 1, 0) FROM cohort_courses WHERE cohort_id = $1
     ON CONFLICT (cohort_id, course_id) DO NOTHING`,
    [cohortId, courseId],
  );
  return n > 0;
}

export async function cohortLinks(m: EntityManager, cohortId: string) {
  return rows<{ course_id: string; id_slug: string }>(
    m,
    `SELECT cc.course_id, c.id_slug FROM cohort_courses cc JOIN courses c ON c.id = cc.course_id WHERE cc.cohort_id = $1`,
    [cohortId],
  );
}

/** Numbers the cohort's courses in the order given (internal course ids, each linked course once). */
export async function reorderCourses(m: EntityManager, cohortId: string, courseIds: string[]): Promise<void> {
  await exec(
    m,
    `UPDATE cohort_courses cc SET "order" = (t.o - 1)::int
       FROM unnest($2::bigint[]) WITH ORDINALITY AS t(c, o)
      WHERE cc.cohort_id = $1 AND cc.course_id = t.c`,
    [cohortId, courseIds],
  );
}

export async function enrolmentCount(m: EntityManager, cohortId: string): Promise<number> {
  return (await mustOne<{ n: number }>(m, `SELECT count(*)::int AS n FROM enrolments WHERE cohort_id = $1`, [cohortId])).n;
}

/** Unlinks a course, with the cohort's grade items for its lessons, and renumbers the others. */
export async function unlinkCourse(m: EntityManager, cohortId: string, courseId: string) {
  await exec(
    m,
    `DELETE FROM cohort_grades g USING lessons l, modules md
      WHERE g.cohort_id = $1 AND g.lesson_id = l.id AND l.module_id = md.id AND md.course_id = $2`,
    [cohortId, courseId],
  );
  await exec(m, `DELETE FROM cohort_courses WHERE cohort_id = $1 AND course_id = $2`, [cohortId, courseId]);
  await exec(
    m,
    `UPDATE cohort_courses cc SET "order" = r.n FROM (
       SELECT course_id, (row_number() OVER (ORDER BY "order", course_id) - 1)::int AS n FROM cohort_courses WHERE cohort_id = $1) r
     WHERE cc.cohort_id = $1 AND cc.course_id = r.course_id`,
    [cohortId],
  );
}

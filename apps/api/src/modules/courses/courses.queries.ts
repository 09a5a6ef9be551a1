import type { AdminCourse, AdminCourseListItem, AdminCourseListQuery, AdminModule } from '@school/contracts';
import { cohortStatus } from '../../common/sql/cohort-status';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
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
  'video_duration_seconds', l.video_duration_seconds,
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

/**
 * The titles of the cohorts that use or used a course: those linking it, and any whose grade items or
 * students' completions still hang on its lessons. Run after lockCourse, so no link can arrive meanwhile.
 */
export async function cohortsUsingCourse(q: Sql, courseId: string): Promise<string[]> {
  const found = await rows<{ title: string }>(
    q,
    `SELECT k.title FROM cohorts k
      WHERE k.id IN (
        SELECT cohort_id FROM cohort_courses WHERE course_id = $1
        UNION SELECT g.cohort_id FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id JOIN modules md ON md.id = l.module_id WHERE md.course_id = $1
        UNION SELECT c.cohort_id FROM lesson_completions c JOIN lessons l ON l.id = c.lesson_id JOIN modules md ON md.id = l.module_id WHERE md.course_id = $1)
      ORDER BY k.title`,
    [courseId],
  );
  return found.map((r) => r.title);
}

/** Deletes a course; its modules, lessons and their quizzes and banks go with it (ON DELETE CASCADE). */
export async function deleteCourse(q: Sql, courseId: string): Promise<void> {
  await exec(q, `DELETE FROM courses WHERE id = $1`, [courseId]);
}

/** A lesson as the curriculum writes it (a row of `jsonb_to_recordset`). */
export interface LessonRow {
  id?: string;
  module_id: string;
  title: string;
  description: string;
  ord: number;
  lesson_type: string;
  video_set: boolean;
  video_lecture_id_slug: string | null;
  captions_set: boolean;
  video_captions_id_slug: string | null;
  reading_pdf_id_slugs: string[];
  link_urls: string[];
}

const LESSON_RECORD = `x(id bigint, module_id bigint, title text, description text, ord int, lesson_type text,
  video_set boolean, video_lecture_id_slug text, captions_set boolean, video_captions_id_slug text,
  reading_pdf_id_slugs text[], link_urls text[])`;

/** A lesson's video duration: the one its stored video file records (null without one). */
const DURATION_OF = (video: string) => `(SELECT f.duration_seconds FROM stored_files f WHERE f.id_slug = ${video})`;

/** Locks a course for a curriculum write; answers its internal id, or undefined when there is none. */
export async function lockCourse(q: Sql, idSlug: string): Promise<string | undefined> {
  return (await one<{ id: string }>(q, `SELECT id FROM courses WHERE id_slug = $1 FOR UPDATE`, [idSlug]))?.id;
}

export async function countModules(q: Sql, courseId: string): Promise<number> {
  return (await mustOne<{ count: number }>(q, `SELECT count(*)::int AS count FROM modules WHERE course_id = $1`, [courseId])).count;
}

/** Moves the modules at `position` and after one place down. */
export async function shiftModules(q: Sql, courseId: string, position: number): Promise<void> {
  await exec(q, `UPDATE modules SET "order" = "order" + 1 WHERE course_id = $1 AND "order" >= $2`, [courseId, position]);
}

export function insertModule(q: Sql, courseId: string, title: string, position: number) {
  return mustOne<{ id: string; id_slug: string }>(
    q,
    `INSERT INTO modules (course_id, title, "order") VALUES ($1, $2, $3) RETURNING id, id_slug`,
    [courseId, title, position],
  );
}

/** Closes any gaps in a course's module orders, so orders run 0..n-1. */
export async function renumberModules(q: Sql, courseId: string): Promise<void> {
  await exec(
    q,
    `UPDATE modules md SET "order" = r.n FROM (
       SELECT id, (row_number() OVER (ORDER BY "order", id) - 1)::int AS n FROM modules WHERE course_id = $1) r
     WHERE md.id = r.id AND md."order" <> r.n`,
    [courseId],
  );
}

export async function touchCourse(q: Sql, courseId: string): Promise<void> {
  await exec(q, `UPDATE courses SET modified_date = now() WHERE id = $1`, [courseId]);
}

export interface CurriculumRow {
  module_slug: string;
  module_id: string;
  lesson_slug: string | null;
  lesson_id: string | null;
}

/** Every module of a course with its lessons (one row per lesson, or one for an empty module). */
export function curriculumIds(q: Sql, courseId: string) {
  return rows<CurriculumRow>(
    q,
    `SELECT md.id_slug AS module_slug, md.id AS module_id, l.id_slug AS lesson_slug, l.id AS lesson_id
       FROM modules md LEFT JOIN lessons l ON l.module_id = md.id WHERE md.course_id = $1`,
    [courseId],
  );
}

export async function updateModules(q: Sql, kept: { id: string | undefined; title: string; ord: number }[]): Promise<void> {
  await exec(
    q,
    `UPDATE modules md SET title = x.title, "order" = x.ord
       FROM jsonb_to_recordset($1::jsonb) AS x(id bigint, title text, ord int) WHERE md.id = x.id`,
    [JSON.stringify(kept)],
  );
}

export function insertModules(q: Sql, courseId: string, fresh: { title: string; ord: number }[]) {
  return rows<{ id: string; order: number }>(
    q,
    `INSERT INTO modules (course_id, title, "order")
     SELECT $1, x.title, x.ord FROM jsonb_to_recordset($2::jsonb) AS x(title text, ord int) ORDER BY x.ord
     RETURNING id, "order"`,
    [courseId, JSON.stringify(fresh)],
  );
}

/** Deletes the course's lessons other than `keptIds`. */
export async function deleteOtherLessons(q: Sql, courseId: string, keptIds: (string | undefined)[]): Promise<void> {
  await exec(
    q,
    `DELETE FROM lessons l USING modules md
      WHERE l.module_id = md.id AND md.course_id = $1 AND NOT (l.id = ANY($2::bigint[]))`,
    [courseId, keptIds],
  );
}

export async function updateLessons(q: Sql, lessons: LessonRow[]): Promise<void> {
  await exec(
    q,
    `UPDATE lessons l SET module_id = x.module_id, title = x.title, description = x.description, "order" = x.ord,
            lesson_type = x.lesson_type,
            video_lecture_id_slug = CASE WHEN x.video_set THEN x.video_lecture_id_slug ELSE l.video_lecture_id_slug END,
            video_duration_seconds = CASE WHEN x.video_set THEN ${DURATION_OF('x.video_lecture_id_slug')}
                                          ELSE l.video_duration_seconds END,
            video_captions_id_slug = CASE WHEN x.captions_set THEN x.video_captions_id_slug ELSE l.video_captions_id_slug END,
            reading_pdf_id_slugs = x.reading_pdf_id_slugs, link_urls = x.link_urls
       FROM jsonb_to_recordset($1::jsonb) AS ${LESSON_RECORD} WHERE l.id = x.id`,
    [JSON.stringify(lessons)],
  );
}

export async function insertLessons(q: Sql, lessons: LessonRow[]): Promise<void> {
  await exec(
    q,
    `INSERT INTO lessons (module_id, title, description, "order", lesson_type, video_lecture_id_slug, video_duration_seconds,
                          video_captions_id_slug, reading_pdf_id_slugs, link_urls)
     SELECT x.module_id, x.title, x.description, x.ord, x.lesson_type, x.video_lecture_id_slug,
            ${DURATION_OF('x.video_lecture_id_slug')}, x.video_captions_id_slug,
            COALESCE(x.reading_pdf_id_slugs, '{}'), COALESCE(x.link_urls, '{}')
       FROM jsonb_to_recordset($1::jsonb) AS ${LESSON_RECORD}`,
    [JSON.stringify(lessons)],
  );
}

/** Deletes the course's modules other than `keptIds`. */
export async function deleteOtherModules(q: Sql, courseId: string, keptIds: string[]): Promise<void> {
  await exec(q, `DELETE FROM modules WHERE course_id = $1 AND NOT (id = ANY($2::bigint[]))`, [courseId, keptIds]);
}

export async function courseModules(q: Sql, courseId: string): Promise<AdminModule[]> {
  return (await mustOne<{ modules: AdminModule[] }>(q, `SELECT ${MODULES_JSON} AS modules FROM courses c WHERE c.id = $1`, [courseId]))
    .modules;
}

/**
 * Of the file references `ids`: each stored file with its purpose, and those the course's lessons
 * already hold (purpose 'kept').
 */
export function fileRefs(q: Sql, courseId: string, ids: string[]) {
  return rows<{ ref: string; purpose: string }>(
    q,
    `SELECT f.id_slug AS ref, f.purpose FROM stored_files f WHERE f.id_slug = ANY($1::text[])
     UNION
     SELECT r.ref, 'kept' FROM lessons l JOIN modules md ON md.id = l.module_id,
            unnest(l.reading_pdf_id_slugs || ARRAY[l.video_lecture_id_slug, l.video_captions_id_slug]) AS r(ref)
      WHERE md.course_id = $2 AND r.ref = ANY($1::text[])`,
    [ids, courseId],
  );
}

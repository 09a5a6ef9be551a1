import type { RubricCriterion, RubricTemplate } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import type { ProjectGroup } from './project-hand-in.queries';

const TEMPLATE = `json_build_object('id_slug', r.id_slug, 'title', r.title, 'rubric', r.rubric, 'created_by', r.created_by_name, 'created_at', r.created_at)`;

/** The school's rubric templates by title. */
export const rubricTemplates = (q: Sql) =>
  mustOne<{ data: RubricTemplate[] }>(
    q,
    `SELECT coalesce((SELECT json_agg(${TEMPLATE} ORDER BY lower(r.title), r.id) FROM rubric_templates r), '[]') AS data`,
  );

/** Keeps a rubric as a template, the author's name with it. */
export const insertRubricTemplate = (q: Sql, title: string, rubric: RubricCriterion[], by: string) =>
  mustOne<{ data: RubricTemplate }>(
    q,
    `WITH r AS (
       INSERT INTO rubric_templates (title, rubric, created_by, created_by_name)
       SELECT $1, $2, b.id, coalesce(nullif(btrim(b.first_name || ' ' || b.last_name), ''), b.email) FROM users b WHERE b.id = $3
       RETURNING *)
     SELECT ${TEMPLATE} AS data FROM r`,
    [title, JSON.stringify(rubric), by],
  );

/** Sets a project lesson's settings, keeping its other group fields: $1 lesson id_slug. None when not a project. */
export const updateProjectSettings = (q: Sql, lessonSlug: string, settings: object) =>
  one<{ id_slug: string }>(
    q,
    `UPDATE lessons SET project_group = coalesce(project_group, '{}'::jsonb) || $2::jsonb
      WHERE id_slug = $1 AND lesson_type = 'PROJECT' RETURNING id_slug`,
    [lessonSlug, JSON.stringify(settings)],
  );

/**
 * When the cohort's results open, and when the last extension given on the cohort's item for the
 * lesson ends (ms since the epoch; null: no result date, no extension): $1 cohort id_slug, $2 lesson id_slug.
 */
export const resultDateFacts = async (q: Sql, cohortSlug: string, lessonSlug: string) =>
  (await one<{ cohort_result_ms: number | null; extensions_end_ms: number | null }>(
    q,
    `SELECT (extract(epoch FROM c.result_open_date) * 1000)::float8 AS cohort_result_ms,
            (SELECT (extract(epoch FROM max(greatest(x.deadline_datetime, x.late_deadline_datetime))) * 1000)::float8
               FROM grade_extensions x JOIN cohort_grades g ON g.id = x.cohort_grade_id JOIN lessons l ON l.id = g.lesson_id
              WHERE g.cohort_id = c.id AND l.id_slug = $2) AS extensions_end_ms
       FROM cohorts c WHERE c.id_slug = $1`,
    [cohortSlug, lessonSlug],
  )) ?? { cohort_result_ms: null, extensions_end_ms: null };

/** Creates or changes a cohort's grade item for one of its quiz or project lessons. None when the lesson is not in the cohort. */
export const upsertGradeItem = (
  q: Sql,
  cohortSlug: string,
  lessonSlug: string,
  s: {
    open: string | null;
    deadline: string | null;
    late: string | null;
    result: string | null;
    mandatory: boolean;
    weight: number;
    perDay: number | null;
    cap: number | null;
  },
) =>
  one<{ id_slug: string }>(
    q,
    `INSERT INTO cohort_grades (cohort_id, lesson_id, open_datetime, deadline_datetime, late_deadline_datetime, result_open_datetime, is_mandatory,
                               grade_percentage, late_penalty_per_day, late_score_cap)
     SELECT c.id, l.id, $3, $4, $5, $6, $7, $8, $9, $10
       FROM cohorts c JOIN cohort_courses cc ON cc.cohort_id = c.id JOIN modules m ON m.course_id = cc.course_id
       JOIN lessons l ON l.module_id = m.id
      WHERE c.id_slug = $1 AND l.id_slug = $2 AND l.lesson_type IN ('QUIZ', 'PROJECT')
     ON CONFLICT (cohort_id, lesson_id) DO UPDATE
       SET open_datetime = EXCLUDED.open_datetime, deadline_datetime = EXCLUDED.deadline_datetime,
           late_deadline_datetime = EXCLUDED.late_deadline_datetime, result_open_datetime = EXCLUDED.result_open_datetime,
           is_mandatory = EXCLUDED.is_mandatory, grade_percentage = EXCLUDED.grade_percentage,
           late_penalty_per_day = EXCLUDED.late_penalty_per_day, late_score_cap = EXCLUDED.late_score_cap,
           is_default = false
     RETURNING id_slug`,
    [cohortSlug, lessonSlug, s.open, s.deadline, s.late, s.result, s.mandatory, s.weight, s.perDay, s.cap],
  );

/** The cohort's items still at their defaults share again what weight the adjusted ones leave: $1 cohort id_slug. */
export const shareDefaultWeights = (q: Sql, cohortSlug: string) =>
  exec(q, `SELECT share_default_grade_weights(ARRAY(SELECT id FROM cohorts WHERE id_slug = $1))`, [cohortSlug]);

/** A project lesson's settings and course: $1 lesson id_slug. None when it is not a project. */
export const projectLesson = (q: Sql, lessonSlug: string) =>
  one<{ id_slug: string; title: string; course_id_slug: string; project_group: ProjectGroup | null }>(
    q,
    `SELECT l.id_slug, l.title, co.id_slug AS course_id_slug, l.project_group
       FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses co ON co.id = m.course_id
      WHERE l.id_slug = $1 AND l.lesson_type = 'PROJECT'`,
    [lessonSlug],
  );

/** The stored files of one purpose among `ids` (the ids a project's settings may list). */
export const storedFilesOfPurpose = (q: Sql, ids: string[], purpose: string) =>
  rows<{ id_slug: string; original_name: string }>(
    q,
    `SELECT id_slug, original_name FROM stored_files WHERE id_slug = ANY($1) AND purpose = $2`,
    [ids, purpose],
  );

/** The quiz and project lessons of a cohort's courses with their grade items, in curriculum order: $1 cohort id_slug. None without the cohort. */
export const cohortGradeLessons = (q: Sql, cohortSlug: string) =>
  one<{ data: unknown[] }>(
    q,
    `SELECT coalesce((
       SELECT json_agg(json_build_object(
                'lesson_id_slug', l.id_slug, 'lesson_title', l.title, 'lesson_type', l.lesson_type, 'course_title', co.title,
                'grade_item', CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object(
                  'id_slug', g.id_slug, 'open_datetime', g.open_datetime, 'deadline_datetime', g.deadline_datetime,
                  'late_deadline_datetime', g.late_deadline_datetime, 'result_open_datetime', g.result_open_datetime,
                  'is_mandatory', g.is_mandatory, 'grade_percentage', g.grade_percentage::float8,
                  'late_penalty_per_day', g.late_penalty_per_day::float8, 'late_score_cap', g.late_score_cap::float8,
                  'is_default', g.is_default) END)
              ORDER BY co.title, m."order", l."order", l.id)
         FROM cohort_courses cc JOIN courses co ON co.id = cc.course_id JOIN modules m ON m.course_id = co.id
         JOIN lessons l ON l.module_id = m.id AND l.lesson_type IN ('QUIZ', 'PROJECT')
         LEFT JOIN cohort_grades g ON g.cohort_id = c.id AND g.lesson_id = l.id
        WHERE cc.cohort_id = c.id), '[]') AS data
       FROM cohorts c WHERE c.id_slug = $1`,
    [cohortSlug],
  );

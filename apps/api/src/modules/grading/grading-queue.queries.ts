import type { RubricScore, ZipEntry } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';
import { ITEM_TIMES, type ItemTimes, MAY_GRADE } from './grading-sql';
import type { ProjectGroup } from './project-hand-in.queries';

const ITEM_COUNTS = `
  json_build_object('id_slug', g.id_slug, 'lesson_title', l.title, 'lesson_type', l.lesson_type,
    'deadline_datetime', g.deadline_datetime, 'is_mandatory', g.is_mandatory, 'grade_percentage', g.grade_percentage,
    -- A quiz's hand-ins are its students' submitted attempts (their grade rows); a project's, its submissions.
    'submitted', (CASE WHEN l.lesson_type = 'QUIZ'
                   THEN (SELECT count(*) FROM user_grades ug WHERE ug.cohort_grade_id = g.id AND ug.user_submission_status IN ('SUBMITTED', 'GRADED'))
                   ELSE (SELECT count(*) FROM submissions s WHERE s.cohort_grade_id = g.id) END)::int,
    'graded', (SELECT count(*) FROM user_grades ug WHERE ug.cohort_grade_id = g.id AND ug.user_submission_status = 'GRADED')::int,
    'late', (SELECT count(*) FROM submissions s WHERE s.cohort_grade_id = g.id AND s.is_late)::int)`;

/** A cohort's grade items with their counts: $1 cohort id_slug. None when the user may not grade it. */
export const gradingItems = (q: Sql, cohortSlug: string, userId: string, admin: boolean) =>
  one<{ cohort: { id_slug: string; title: string }; data: unknown[] }>(
    q,
    `SELECT json_build_object('id_slug', c.id_slug, 'title', c.title) AS cohort,
            coalesce((SELECT json_agg(${ITEM_COUNTS} ORDER BY g.deadline_datetime NULLS LAST, l.title)
                        FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id WHERE g.cohort_id = c.id), '[]') AS data
       FROM cohorts c WHERE c.id_slug = $1 AND ${MAY_GRADE}`,
    [cohortSlug, userId, admin],
  );

const QUEUE_ENTRY = `
  json_build_object('id_slug', s.id_slug, 'kind', s.kind,
    'student', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email),
    'submitted_at', s.submitted_at, 'is_late', s.is_late,
    'user_submission_status', coalesce(ug.user_submission_status, 'SUBMITTED'), 'user_grade', ug.user_grade::float8)`;

/** A grade item's submissions, ungraded first, then oldest hand-in first: $1 grade item id_slug. */
export const gradingQueue = (q: Sql, itemSlug: string, userId: string, admin: boolean) =>
  one<{ item: Record<string, unknown>; data: unknown[] }>(
    q,
    `SELECT ${ITEM_COUNTS}::jsonb || jsonb_build_object('cohort_id_slug', c.id_slug, 'cohort_title', c.title) AS item,
            coalesce((SELECT json_agg(${QUEUE_ENTRY}
                               ORDER BY (ug.user_submission_status = 'GRADED'), s.submitted_at, s.id)
                        FROM submissions s JOIN users u ON u.id = s.user_id
                        LEFT JOIN user_grades ug ON ug.cohort_grade_id = s.cohort_grade_id AND ug.user_id = s.user_id
                       WHERE s.cohort_grade_id = g.id), '[]') AS data
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id JOIN lessons l ON l.id = g.lesson_id
      WHERE g.id_slug = $1 AND ${MAY_GRADE}`,
    [itemSlug, userId, admin],
  );

export interface GradingSubmissionRow extends ItemTimes {
  entry: Record<string, unknown>;
  submission_id: string;
  grade_id: string;
  cohort_id: string;
  grade_slug: string;
  user_id: string;
  lesson_title: string;
  project_group: ProjectGroup | null;
  file_id_slug: string | null;
  file_name: string;
  size_bytes: number;
  files: ZipEntry[];
  rubric_scores: RubricScore[];
  feedback: string;
  graded_at: string | null;
  released_at: string | null;
}

/** One submission for its graders: $1 submission id_slug; `lock` locks its grade row (grading). */
export const gradingSubmission = (q: Sql, submissionSlug: string, userId: string, admin: boolean, lock = false) =>
  one<GradingSubmissionRow>(
    q,
    `SELECT ${QUEUE_ENTRY} AS entry, s.id AS submission_id, g.id AS grade_id, g.id_slug AS grade_slug, g.cohort_id, s.user_id,
            l.title AS lesson_title, l.project_group, s.file_id_slug, s.file_name, s.size_bytes::float8 AS size_bytes, s.files,
            coalesce(ug.rubric_scores, '[]') AS rubric_scores, coalesce(ug.feedback, '') AS feedback, ug.graded_at, ug.released_at,
            ${ITEM_TIMES}
       FROM submissions s
       JOIN cohort_grades g ON g.id = s.cohort_grade_id
       JOIN cohorts c ON c.id = g.cohort_id
       JOIN lessons l ON l.id = g.lesson_id
       JOIN users u ON u.id = s.user_id
       LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = s.user_id
       LEFT JOIN user_grades ug ON ug.cohort_grade_id = s.cohort_grade_id AND ug.user_id = s.user_id
      WHERE s.id_slug = $1 AND ${MAY_GRADE}
      ${lock ? 'FOR UPDATE OF s' : ''}`,
    [submissionSlug, userId, admin],
  );

/** Saves a grade; `release` marks it released now. Answers whether it was released by this write (first time). */
export async function saveGrade(
  q: Sql,
  g: { gradeId: string; userId: string; grade: number; scores: RubricScore[]; feedback: string; gradedBy: string; release: boolean },
): Promise<string | null> {
  const row = await one<{ id: string; newly_released: boolean }>(
    q,
    `WITH before AS (SELECT released_at FROM user_grades WHERE cohort_grade_id = $1 AND user_id = $2)
     INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status, rubric_scores, feedback, graded_at, graded_by, released_at, modified_date)
     VALUES ($1, $2, $3, 'GRADED', $4, $5, now(), $6, CASE WHEN $7::boolean THEN now() END, now())
     ON CONFLICT (cohort_grade_id, user_id) DO UPDATE
       SET user_grade = EXCLUDED.user_grade, user_submission_status = 'GRADED', rubric_scores = EXCLUDED.rubric_scores,
           feedback = EXCLUDED.feedback, graded_at = now(), graded_by = EXCLUDED.graded_by, modified_date = now(),
           released_at = coalesce(user_grades.released_at, EXCLUDED.released_at)
     RETURNING id, $7::boolean AND (SELECT released_at FROM before) IS NULL AS newly_released`,
    [g.gradeId, g.userId, g.grade, JSON.stringify(g.scores), g.feedback, g.gradedBy, g.release],
  );
  return row?.newly_released ? row.id : null;
}

/** Grades whose results opened since they were graded: marks them released and answers their ids. */
export const releaseDueGrades = (q: Sql) =>
  rows<{ id: string; cohort_id: string }>(
    q,
    `UPDATE user_grades ug SET released_at = now()
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id, users u
      WHERE ug.cohort_grade_id = g.id AND u.id = ug.user_id
        AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NULL
        AND coalesce(g.result_open_datetime, c.result_open_date, '-infinity') <= now()
     RETURNING ug.id, g.cohort_id`,
  );

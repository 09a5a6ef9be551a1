import type { RubricCriterion, RubricScore, ZipEntry } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { ITEM_TIMES, type ItemTimes } from './grading-sql';

export interface ProjectGroup {
  instructions?: string;
  instructions_file_ids?: string[];
  accepted_types?: string[];
  max_size_bytes?: number;
  rubric?: RubricCriterion[];
}

export interface StudentProjectRow extends ItemTimes {
  cohort_id: string;
  grade_id: string;
  grade_slug: string;
  user_id: string;
  enrolment_status: string;
  access_ended: boolean;
  lesson_title: string;
  project_group: ProjectGroup | null;
  open_datetime: string | null;
  deadline_datetime: string | null;
  late_deadline_datetime: string | null;
  result_open_datetime: string | null;
  is_mandatory: boolean;
  grade_percentage: string;
  late_penalty_per_day: number | null;
  late_score_cap: number | null;
  extension: { deadline_datetime: string | null; late_deadline_datetime: string | null; extra_attempts: number } | null;
  /** The grade that counts: set by hand (overridden), else after any late penalty. */
  final_grade: number | null;
  overridden: boolean;
  /** The grade set by hand in force, read apart from grade_result: it may exist before any hand-in or grading. */
  override_grade: number | null;
  days_late: number;
  submission: {
    id_slug: string;
    file_id_slug: string | null;
    file_name: string;
    size_bytes: number;
    files: ZipEntry[];
    submitted_at: string;
    is_late: boolean;
  } | null;
  user_grade: string | null;
  user_submission_status: 'PENDING' | 'SUBMITTED' | 'GRADED' | null;
  rubric_scores: RubricScore[];
  feedback: string;
}

/**
 * A project lesson of a cohort as one student sees it: $1 cohort id_slug, $2 lesson id_slug,
 * $3 user id_slug. Needs an ACTIVE or SUSPENDED enrolment, the lesson in one of the cohort's
 * courses, and a grade item for it. `$4` locks the student's grade row (inside a hand-in's transaction).
 */
const studentProjectSql = (lock: boolean) => `
SELECT c.id AS cohort_id, g.id AS grade_id, g.id_slug AS grade_slug, e.user_id, e.enrolment_status,
       c.end_access_date <= now() AS access_ended, l.title AS lesson_title, l.project_group,
       g.open_datetime, effective_deadline(g.deadline_datetime, x.deadline_datetime) AS deadline_datetime,
       effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime) AS late_deadline_datetime,
       coalesce(g.result_open_datetime, c.result_open_date) AS result_open_datetime,
       g.is_mandatory, g.grade_percentage, ${ITEM_TIMES},
       g.late_penalty_per_day::float8 AS late_penalty_per_day, g.late_score_cap::float8 AS late_score_cap,
       CASE WHEN x.id IS NULL THEN NULL ELSE json_build_object('deadline_datetime', x.deadline_datetime,
         'late_deadline_datetime', x.late_deadline_datetime, 'extra_attempts', x.extra_attempts) END AS extension,
       r.final_grade::float8 AS final_grade, r.override_grade IS NOT NULL AS overridden, coalesce(r.days_late, 0) AS days_late,
       (SELECT o.grade::float8 FROM grade_override_entries o
         WHERE o.cohort_grade_id = g.id AND o.user_id = e.user_id ORDER BY o.id DESC LIMIT 1) AS override_grade,
       (SELECT json_build_object('id_slug', s.id_slug, 'file_id_slug', s.file_id_slug, 'file_name', s.file_name,
                                 'size_bytes', s.size_bytes, 'files', s.files, 'submitted_at', s.submitted_at, 'is_late', s.is_late)
          FROM submissions s WHERE s.cohort_grade_id = g.id AND s.user_id = e.user_id AND s.kind = 'PROJECT') AS submission,
       ug.user_grade, ug.user_submission_status, coalesce(ug.rubric_scores, '[]') AS rubric_scores, coalesce(ug.feedback, '') AS feedback
  FROM cohorts c
  JOIN enrolments e ON e.cohort_id = c.id
  JOIN users u ON u.id = e.user_id
  JOIN lessons l ON l.id_slug = $2 AND l.lesson_type = 'PROJECT'
  JOIN modules m ON m.id = l.module_id
  JOIN cohort_courses cc ON cc.cohort_id = c.id AND cc.course_id = m.course_id
  JOIN cohort_grades g ON g.cohort_id = c.id AND g.lesson_id = l.id
  LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = e.user_id
  LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = e.user_id
  LEFT JOIN LATERAL grade_result(g.id, e.user_id) r ON true
 WHERE c.id_slug = $1 AND u.id_slug = $3 AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED')
 ${lock ? 'FOR UPDATE OF g' : ''}`;

export const studentProject = (q: Sql, cohortSlug: string, lessonSlug: string, userSlug: string, lock = false) =>
  one<StudentProjectRow>(q, studentProjectSql(lock), [cohortSlug, lessonSlug, userSlug]);

/** The student's grade row, created PENDING when missing, and locked (one hand-in at a time per student and item). */
export async function lockUserGrade(q: Sql, gradeId: string, userId: string): Promise<{ user_submission_status: string }> {
  await exec(q, `INSERT INTO user_grades (cohort_grade_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [gradeId, userId]);
  return (await one<{ user_submission_status: string }>(
    q,
    `SELECT user_submission_status FROM user_grades WHERE cohort_grade_id = $1 AND user_id = $2 FOR UPDATE`,
    [gradeId, userId],
  ))!;
}

/**
 * Records a hand-in (replacing the previous one), marks the grade SUBMITTED and the project lesson
 * completed; answers the replaced file's id_slug.
 */
export async function saveSubmission(
  q: Sql,
  s: { gradeId: string; userId: string; fileIdSlug: string; fileName: string; size: number; files: ZipEntry[]; late: boolean },
): Promise<string | null> {
  const previous = await one<{ file_id_slug: string | null }>(
    q,
    `SELECT file_id_slug FROM submissions WHERE cohort_grade_id = $1 AND user_id = $2 AND kind = 'PROJECT'`,
    [s.gradeId, s.userId],
  );
  await exec(
    q,
    `INSERT INTO submissions (cohort_grade_id, user_id, kind, file_id_slug, file_name, size_bytes, files, is_late)
     VALUES ($1, $2, 'PROJECT', $3, $4, $5, $6, $7)
     ON CONFLICT (cohort_grade_id, user_id, kind) DO UPDATE
       SET file_id_slug = EXCLUDED.file_id_slug, file_name = EXCLUDED.file_name, size_bytes = EXCLUDED.size_bytes,
           files = EXCLUDED.files, is_late = EXCLUDED.is_late, submitted_at = now(), attempts = submissions.attempts + 1`,
    [s.gradeId, s.userId, s.fileIdSlug, s.fileName, s.size, JSON.stringify(s.files), s.late],
  );
  await exec(
    q,
    `UPDATE user_grades SET user_submission_status = 'SUBMITTED', modified_date = now() WHERE cohort_grade_id = $1 AND user_id = $2`,
    [s.gradeId, s.userId],
  );
  // Handing in completes the project lesson (it has no 'Mark as complete'), by the one completion rule.
  await exec(
    q,
    `INSERT INTO lesson_completions (user_id, cohort_id, lesson_id)
     SELECT $2, cg.cohort_id, cg.lesson_id FROM cohort_grades cg WHERE cg.id = $1 ON CONFLICT DO NOTHING`,
    [s.gradeId, s.userId],
  );
  return previous?.file_id_slug ?? null;
}

/** Deletes a stored file's record, answering its storage key (the bytes are removed after the commit). */
export async function deleteStoredFile(q: Sql, idSlug: string): Promise<string | null> {
  const row = await one<{ storage_key: string }>(q, `DELETE FROM stored_files WHERE id_slug = $1 RETURNING storage_key`, [idSlug]);
  return row?.storage_key ?? null;
}

export const storedFileNames = (q: Sql, ids: string[]) =>
  rows<{ id_slug: string; original_name: string }>(q, `SELECT id_slug, original_name FROM stored_files WHERE id_slug = ANY($1)`, [ids]);

import type { GradeOverrideEntry, RubricCriterion, RubricScore, RubricTemplate, ZipEntry } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';

/**
 * A grade item's dates for one student, with its cohort's fallbacks (ms since the epoch, null when
 * unset): the deadlines are the student's, their extension `x` (grade_extensions) included.
 */
const ITEM_TIMES = `
  (extract(epoch FROM coalesce(g.open_datetime, c.start_date)) * 1000)::float8 AS opens_ms,
  (extract(epoch FROM effective_deadline(g.deadline_datetime, x.deadline_datetime)) * 1000)::float8 AS deadline_ms,
  (extract(epoch FROM effective_late_deadline(g.deadline_datetime, g.late_deadline_datetime, x.late_deadline_datetime)) * 1000)::float8 AS late_deadline_ms,
  (extract(epoch FROM coalesce(g.result_open_datetime, c.result_open_date)) * 1000)::float8 AS result_ms,
  (extract(epoch FROM now()) * 1000)::float8 AS now_ms`;

export interface ItemTimes {
  opens_ms: number | null;
  deadline_ms: number | null;
  late_deadline_ms: number | null;
  result_ms: number | null;
  now_ms: number;
}

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

// ---- staff ---------------------------------------------------------------------

/**
 * Who may grade a cohort: admins any, instructors the cohorts they teach. `$2` user id, `$3` whether
 * an admin. The condition is put beside each staff statement's cohort `c`.
 */
const MAY_GRADE = `($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = c.id AND ci.user_id = $2))`;

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

export interface GradebookRow {
  cohort: { id_slug: string; title: string };
  items: {
    id_slug: string;
    lesson_title: string;
    is_mandatory: boolean;
    grade_percentage: number;
    late_penalty_per_day: number | null;
    late_score_cap: number | null;
    opens_ms: number | null;
  }[];
  students: {
    id_slug: string;
    first_name: string;
    last_name: string;
    email: string;
    /**
     * user_grade: the stored (computed) grade; final_grade: after any late penalty; override: a grade
     * set by hand, which counts in place of both; the deadlines are the student's.
     */
    grades: {
      item: string;
      user_grade: number | null;
      final_grade: number | null;
      days_late: number;
      submitted: boolean;
      graded: boolean;
      is_late: boolean;
      extended: boolean;
      deadline_ms: number | null;
      late_deadline_ms: number | null;
      override: { grade: number; reason: string; changed_by: string; changed_at: string } | null;
    }[];
  }[];
  now_ms: number;
}

/** The latest override entry of a student's item (its grade null: cleared). */
const LATEST_OVERRIDE = (gradeId: string, userId: string) => `
  SELECT x.grade, x.reason, x.changed_by_name, x.changed_at FROM grade_override_entries x
   WHERE x.cohort_grade_id = ${gradeId} AND x.user_id = ${userId} ORDER BY x.id DESC LIMIT 1`;

/** A cohort's students (ACTIVE, SUSPENDED or COMPLETED) by grade items: $1 cohort id_slug. */
export const gradebook = (q: Sql, cohortSlug: string, userId: string, admin: boolean) =>
  one<GradebookRow>(
    q,
    `SELECT json_build_object('id_slug', c.id_slug, 'title', c.title) AS cohort,
            (extract(epoch FROM now()) * 1000)::float8 AS now_ms,
            coalesce((SELECT json_agg(json_build_object('id_slug', g.id_slug, 'lesson_title', l.title, 'is_mandatory', g.is_mandatory,
                               'grade_percentage', g.grade_percentage::float8,
                               'late_penalty_per_day', g.late_penalty_per_day::float8, 'late_score_cap', g.late_score_cap::float8,
                               'opens_ms', (extract(epoch FROM coalesce(g.open_datetime, c.start_date)) * 1000)::float8)
                             ORDER BY g.deadline_datetime NULLS LAST, l.title)
                        FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id WHERE g.cohort_id = c.id), '[]') AS items,
            coalesce((SELECT json_agg(json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
                               'email', u.email,
                               'grades', coalesce((SELECT json_agg(json_build_object('item', g.id_slug, 'user_grade', ug.user_grade::float8,
                                                     'final_grade', r.late_grade::float8, 'days_late', coalesce(r.days_late, 0),
                                                     'graded', ug.user_submission_status = 'GRADED',
                                                     'submitted', s.id IS NOT NULL OR ug.user_submission_status IN ('SUBMITTED', 'GRADED'),
                                                     'is_late', coalesce(s.is_late, false) OR coalesce(r.days_late, 0) > 0,
                                                     'extended', x.id IS NOT NULL,
                                                     'deadline_ms', (extract(epoch FROM effective_deadline(g.deadline_datetime, x.deadline_datetime)) * 1000)::float8,
                                                     'late_deadline_ms', (extract(epoch FROM effective_late_deadline(g.deadline_datetime,
                                                        g.late_deadline_datetime, x.late_deadline_datetime)) * 1000)::float8,
                                                     'override', CASE WHEN o.grade IS NULL THEN NULL ELSE json_build_object(
                                                       'grade', o.grade::float8, 'reason', o.reason, 'changed_by', o.changed_by_name,
                                                       'changed_at', o.changed_at) END))
                                                    FROM cohort_grades g
                                                    LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = u.id
                                                    LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = u.id
                                                    LEFT JOIN submissions s ON s.cohort_grade_id = g.id AND s.user_id = u.id
                                                    LEFT JOIN LATERAL grade_result(g.id, u.id) r ON ug.id IS NOT NULL
                                                    LEFT JOIN LATERAL (${LATEST_OVERRIDE('g.id', 'u.id')}) o ON true
                                                   WHERE g.cohort_id = c.id), '[]'))
                             ORDER BY u.last_name, u.first_name, u.id)
                        FROM enrolments e JOIN users u ON u.id = e.user_id WHERE e.cohort_id = c.id), '[]') AS students
       FROM cohorts c WHERE c.id_slug = $1 AND ${MAY_GRADE}`,
    [cohortSlug, userId, admin],
  );

/**
 * A gradebook cell to set by hand, its item row locked (one change at a time, so each entry's
 * 'before' is the one in force): $1 grade item id_slug, $4 student id_slug, enrolled in the item's
 * cohort. None when the user may not grade the cohort or the student is not in it.
 */
export const lockOverrideTarget = (q: Sql, itemSlug: string, userId: string, admin: boolean, studentSlug: string) =>
  one<{
    grade_id: string;
    cohort_id: string;
    student_id: string;
    computed_grade: number | null;
    penalised_grade: number | null;
    current: number | null;
  }>(
    q,
    `SELECT g.id AS grade_id, c.id AS cohort_id, u.id AS student_id,
            (SELECT ug.user_grade::float8 FROM user_grades ug
              WHERE ug.cohort_grade_id = g.id AND ug.user_id = u.id AND ug.user_submission_status = 'GRADED') AS computed_grade,
            -- The computed grade after the item's late penalty (the grade that counted without an override).
            (SELECT r.late_grade::float8 FROM user_grades ug CROSS JOIN LATERAL grade_result(g.id, u.id) r
              WHERE ug.cohort_grade_id = g.id AND ug.user_id = u.id AND ug.user_submission_status = 'GRADED') AS penalised_grade,
            (SELECT x.grade::float8 FROM grade_override_entries x
              WHERE x.cohort_grade_id = g.id AND x.user_id = u.id ORDER BY x.id DESC LIMIT 1) AS current
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id
       JOIN enrolments e ON e.cohort_id = c.id JOIN users u ON u.id = e.user_id
      WHERE g.id_slug = $1 AND u.id_slug = $4 AND ${MAY_GRADE}
      FOR UPDATE OF g`,
    [itemSlug, userId, admin, studentSlug],
  );

const OVERRIDE_ENTRY = `
  json_build_object('id_slug', x.id_slug, 'item_id_slug', g.id_slug, 'lesson_title', l.title,
    'student', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email),
    'previous_grade', x.previous_grade::float8, 'grade', x.grade::float8, 'computed_grade', x.computed_grade::float8,
    'penalised_grade', x.penalised_grade::float8,
    'reason', x.reason, 'changed_by', x.changed_by_name, 'changed_at', x.changed_at)`;

/** Appends an override entry (grade null: cleared), the staff member's name kept with it; answers the entry. */
export const insertOverrideEntry = (
  q: Sql,
  e: {
    gradeId: string;
    studentId: string;
    previous: number | null;
    grade: number | null;
    computed: number | null;
    penalised: number | null;
    reason: string;
    by: string;
  },
) =>
  mustOne<{ entry: GradeOverrideEntry }>(
    q,
    `WITH x AS (
       INSERT INTO grade_override_entries (cohort_grade_id, user_id, previous_grade, grade, computed_grade, penalised_grade, reason,
                                           changed_by, changed_by_name)
       SELECT $1, $2, $3, $4, $5, $8, $6, b.id, coalesce(nullif(btrim(b.first_name || ' ' || b.last_name), ''), b.email)
         FROM users b WHERE b.id = $7
       RETURNING *)
     SELECT ${OVERRIDE_ENTRY} AS entry
       FROM x JOIN cohort_grades g ON g.id = x.cohort_grade_id JOIN lessons l ON l.id = g.lesson_id JOIN users u ON u.id = x.user_id`,
    [e.gradeId, e.studentId, e.previous, e.grade, e.computed, e.reason, e.by, e.penalised],
  );

/** Every override entry of a cohort, newest first: $1 cohort id_slug. None when the user may not grade it. */
export const overrideLog = (q: Sql, cohortSlug: string, userId: string, admin: boolean) =>
  one<{ data: GradeOverrideEntry[] }>(
    q,
    `SELECT coalesce((SELECT json_agg(${OVERRIDE_ENTRY} ORDER BY x.id DESC)
                        FROM grade_override_entries x JOIN cohort_grades g ON g.id = x.cohort_grade_id
                        JOIN lessons l ON l.id = g.lesson_id JOIN users u ON u.id = x.user_id
                       WHERE g.cohort_id = c.id), '[]') AS data
       FROM cohorts c WHERE c.id_slug = $1 AND ${MAY_GRADE}`,
    [cohortSlug, userId, admin],
  );

// ---- authoring -------------------------------------------------------------------

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

// ---- extensions --------------------------------------------------------------------

const EXTENSION_ENTRY = `
  json_build_object('id_slug', x.id_slug,
    'student', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email),
    'deadline_datetime', x.deadline_datetime, 'late_deadline_datetime', x.late_deadline_datetime, 'extra_attempts', x.extra_attempts,
    'reason', x.reason, 'granted_by', nullif(btrim(coalesce(gb.first_name, '') || ' ' || coalesce(gb.last_name, '')), ''),
    'created_date', x.created_date)`;

/** A grade item's extensions, its dates and its cohort's students, for staff who may grade it: $1 grade item id_slug. */
export const gradeExtensions = (q: Sql, itemSlug: string, userId: string, admin: boolean) =>
  one<{ data: unknown }>(
    q,
    `SELECT json_build_object(
              'item', json_build_object('id_slug', g.id_slug, 'lesson_title', l.title, 'lesson_type', l.lesson_type,
                        'deadline_datetime', g.deadline_datetime, 'late_deadline_datetime', g.late_deadline_datetime,
                        'attempts_allowed', CASE WHEN l.lesson_type = 'QUIZ' THEN coalesce(qg.attempts_allowed, 1) END),
              'students', coalesce((SELECT json_agg(json_build_object('id_slug', u.id_slug, 'first_name', u.first_name,
                                              'last_name', u.last_name, 'email', u.email) ORDER BY u.last_name, u.first_name, u.id)
                                      FROM enrolments e JOIN users u ON u.id = e.user_id
                                     WHERE e.cohort_id = c.id AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED')), '[]'),
              'data', coalesce((SELECT json_agg(${EXTENSION_ENTRY} ORDER BY u.last_name, u.first_name, u.id)
                                  FROM grade_extensions x JOIN users u ON u.id = x.user_id LEFT JOIN users gb ON gb.id = x.granted_by
                                 WHERE x.cohort_grade_id = g.id), '[]')) AS data
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id JOIN lessons l ON l.id = g.lesson_id
       LEFT JOIN quiz_groups qg ON qg.lesson_id = l.id
      WHERE g.id_slug = $1 AND ${MAY_GRADE}`,
    [itemSlug, userId, admin],
  );

export interface StaffGradeItem {
  id: string;
  id_slug: string;
  cohort_id: string;
  lesson_type: 'QUIZ' | 'PROJECT';
  deadline_ms: number | null;
  late_deadline_ms: number | null;
}

/** A grade item staff may grade, locked against hand-ins while its extensions change: $1 grade item id_slug. */
export const lockGradeItemForStaff = (q: Sql, itemSlug: string, userId: string, admin: boolean) =>
  one<StaffGradeItem>(
    q,
    `SELECT g.id, g.id_slug, g.cohort_id, l.lesson_type,
            (extract(epoch FROM g.deadline_datetime) * 1000)::float8 AS deadline_ms,
            (extract(epoch FROM g.late_deadline_datetime) * 1000)::float8 AS late_deadline_ms
       FROM cohort_grades g JOIN cohorts c ON c.id = g.cohort_id JOIN lessons l ON l.id = g.lesson_id
      WHERE g.id_slug = $1 AND ${MAY_GRADE}
      FOR UPDATE OF g`,
    [itemSlug, userId, admin],
  );

/** The ids of the students (by id_slug) enrolled in a cohort. */
export const enrolledStudents = (q: Sql, cohortId: string, userSlugs: string[]) =>
  rows<{ id: string }>(
    q,
    `SELECT u.id FROM enrolments e JOIN users u ON u.id = e.user_id
      WHERE e.cohort_id = $1 AND u.id_slug = ANY($2::text[]) AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED', 'COMPLETED')`,
    [cohortId, userSlugs],
  );

/** Gives each student the same extension, replacing an earlier one of theirs on the item, in one statement. */
export const upsertExtensions = (
  q: Sql,
  gradeId: string,
  userIds: string[],
  e: { deadline: string | null; late: string | null; extraAttempts: number; reason: string; grantedBy: string },
) =>
  exec(
    q,
    `INSERT INTO grade_extensions (cohort_grade_id, user_id, deadline_datetime, late_deadline_datetime, extra_attempts, reason, granted_by)
     SELECT $1, u, $3, $4, $5, $6, $7 FROM unnest($2::bigint[]) u
     ON CONFLICT (cohort_grade_id, user_id) DO UPDATE
       SET deadline_datetime = EXCLUDED.deadline_datetime, late_deadline_datetime = EXCLUDED.late_deadline_datetime,
           extra_attempts = EXCLUDED.extra_attempts, reason = EXCLUDED.reason, granted_by = EXCLUDED.granted_by, created_date = now()`,
    [gradeId, userIds, e.deadline, e.late, e.extraAttempts, e.reason, e.grantedBy],
  );

/** An extension staff may remove, locking its grade item: $1 extension id_slug. */
export const lockExtensionForStaff = (q: Sql, extensionSlug: string, userId: string, admin: boolean) =>
  one<{ id: string; cohort_grade_id: string; user_id: string; lesson_type: 'QUIZ' | 'PROJECT' }>(
    q,
    `SELECT x.id, x.cohort_grade_id, x.user_id, l.lesson_type
       FROM grade_extensions x JOIN cohort_grades g ON g.id = x.cohort_grade_id JOIN cohorts c ON c.id = g.cohort_id
       JOIN lessons l ON l.id = g.lesson_id
      WHERE x.id_slug = $1 AND ${MAY_GRADE}
      FOR UPDATE OF g, x`,
    [extensionSlug, userId, admin],
  );

export const deleteExtension = (q: Sql, id: string) => exec(q, `DELETE FROM grade_extensions WHERE id = $1`, [id]);

/** Marks the students' project hand-ins late or not again, against their deadline as it now is. */
export const remarkLateHandIns = (q: Sql, gradeId: string, userIds: string[]) =>
  exec(
    q,
    `UPDATE submissions s
        SET is_late = coalesce(s.submitted_at > (SELECT effective_deadline(g.deadline_datetime, x.deadline_datetime)
                                                   FROM cohort_grades g
                                                   LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = s.user_id
                                                  WHERE g.id = s.cohort_grade_id), false)
      WHERE s.cohort_grade_id = $1 AND s.user_id = ANY($2::bigint[])`,
    [gradeId, userIds],
  );

import type { GradeOverrideEntry } from '@school/contracts';
import { mustOne, one, type Sql } from '../../common/sql/db';
import { MAY_GRADE } from './grading-sql';

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

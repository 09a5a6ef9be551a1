import { exec, one, rows, type Sql } from '../../common/sql/db';
import { MAY_GRADE } from './grading-sql';

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
  /** When results open: the item's result date, else the cohort's (null: neither set). */
  result_ms: number | null;
}

/** A grade item staff may grade, locked against hand-ins while its extensions change: $1 grade item id_slug. */
export const lockGradeItemForStaff = (q: Sql, itemSlug: string, userId: string, admin: boolean) =>
  one<StaffGradeItem>(
    q,
    `SELECT g.id, g.id_slug, g.cohort_id, l.lesson_type,
            (extract(epoch FROM g.deadline_datetime) * 1000)::float8 AS deadline_ms,
            (extract(epoch FROM g.late_deadline_datetime) * 1000)::float8 AS late_deadline_ms,
            (extract(epoch FROM coalesce(g.result_open_datetime, c.result_open_date)) * 1000)::float8 AS result_ms
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

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a student stands against a cohort's certificate rules is worked out per enrolment by
 * `student_certificate_progress(cohort, user)`, read from that student's own rows only (their
 * enrolment, completions, grades and overrides, by index). `certificate_progress(cohort, user)`, the
 * set-based form the certificate evaluation reads (either argument null for "all"), now applies it to
 * each enrolment, so the rule stays written once. The class view reads the per-student form: the
 * set-based one, inlined with the student's ids as outer references, scanned every enrolment and
 * every grade item and made the view's statement about three times dearer. Same figures as before
 * (DeadlineExtensions1764000003300's body, which `down` restores).
 */
export class StudentCertificateProgress1764000005300 implements MigrationInterface {
  name = 'StudentCertificateProgress1764000005300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION student_certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$
        WITH figures AS MATERIALIZED (
          SELECT s.cohort_id, s.user_id, completion_percentage(lc.done, lc.total) AS lessons_percent,
                 coalesce(gr.missing_mandatory, 0) AS missing_mandatory, gr.weighted_total
            FROM enrolments s
            CROSS JOIN LATERAL (
              SELECT (SELECT count(*) FROM cohort_courses cc
                        JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
                       WHERE cc.cohort_id = s.cohort_id) AS total,
                     (SELECT count(*) FROM lesson_completions c
                        JOIN lessons l ON l.id = c.lesson_id JOIN modules m ON m.id = l.module_id
                        JOIN cohort_courses cc ON cc.cohort_id = c.cohort_id AND cc.course_id = m.course_id
                       WHERE c.user_id = s.user_id AND c.cohort_id = s.cohort_id) AS done) lc
            CROSS JOIN LATERAL (
              SELECT count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL AND o.grade IS NULL) AS missing_mandatory,
                     round(sum(g.grade_percentage * coalesce(o.grade, (SELECT r.late_grade FROM grade_result(g.id, s.user_id) r WHERE ug.id IS NOT NULL), 0))
                           / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total
                FROM cohort_grades g
                LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = s.user_id
                      AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NOT NULL
                LEFT JOIN LATERAL (SELECT x.grade FROM grade_override_entries x
                                    WHERE x.cohort_grade_id = g.id AND x.user_id = s.user_id ORDER BY x.id DESC LIMIT 1) o ON true
               WHERE g.cohort_id = s.cohort_id) gr
           WHERE s.cohort_id = p_cohort_id AND s.user_id = p_user_id AND s.enrolment_status IN ('ACTIVE', 'COMPLETED'))
        SELECT f.cohort_id, kc.certificate_id, f.user_id, f.lessons_percent, f.missing_mandatory, f.weighted_total,
               kc.min_lessons_percent, kc.require_mandatory_graded, kc.min_weighted_total,
               f.lessons_percent >= kc.min_lessons_percent
                 AND (NOT kc.require_mandatory_graded OR f.missing_mandatory = 0)
                 AND (f.weighted_total IS NULL OR f.weighted_total >= kc.min_weighted_total)
          FROM figures f JOIN cohort_certificates kc ON kc.cohort_id = f.cohort_id
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$
        SELECT p.* FROM enrolments e CROSS JOIN LATERAL student_certificate_progress(e.cohort_id, e.user_id) p
         WHERE (p_cohort_id IS NULL OR e.cohort_id = p_cohort_id) AND (p_user_id IS NULL OR e.user_id = p_user_id)
           AND e.enrolment_status IN ('ACTIVE', 'COMPLETED')
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$
        WITH students AS (
          SELECT e.cohort_id, e.user_id FROM enrolments e
           WHERE (p_cohort_id IS NULL OR e.cohort_id = p_cohort_id) AND (p_user_id IS NULL OR e.user_id = p_user_id)
             AND e.enrolment_status IN ('ACTIVE', 'COMPLETED')
             AND EXISTS (SELECT 1 FROM cohort_certificates kc WHERE kc.cohort_id = e.cohort_id)),
        lessons AS (
          SELECT cc.cohort_id, l.id AS lesson_id FROM cohort_courses cc
            JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
           WHERE cc.cohort_id IN (SELECT DISTINCT s.cohort_id FROM students s)),
        lesson_counts AS (
          SELECT s.cohort_id, s.user_id,
                 (SELECT count(*) FROM lessons x WHERE x.cohort_id = s.cohort_id) AS total,
                 (SELECT count(*) FROM lessons x JOIN lesson_completions lc
                     ON lc.lesson_id = x.lesson_id AND lc.cohort_id = s.cohort_id AND lc.user_id = s.user_id
                   WHERE x.cohort_id = s.cohort_id) AS done
            FROM students s),
        grades AS (
          SELECT s.cohort_id, s.user_id,
                 count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL AND o.grade IS NULL) AS missing_mandatory,
                 round(sum(g.grade_percentage * coalesce(o.grade, (SELECT r.late_grade FROM grade_result(g.id, s.user_id) r WHERE ug.id IS NOT NULL), 0)) / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total
            FROM students s
            JOIN cohort_grades g ON g.cohort_id = s.cohort_id
            LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = s.user_id
                  AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NOT NULL
            LEFT JOIN LATERAL (SELECT x.grade FROM grade_override_entries x
                                WHERE x.cohort_grade_id = g.id AND x.user_id = s.user_id ORDER BY x.id DESC LIMIT 1) o ON true
           GROUP BY s.cohort_id, s.user_id)
        SELECT s.cohort_id, kc.certificate_id, s.user_id,
               completion_percentage(lc.done, lc.total), coalesce(gr.missing_mandatory, 0), gr.weighted_total,
               kc.min_lessons_percent, kc.require_mandatory_graded, kc.min_weighted_total,
               completion_percentage(lc.done, lc.total) >= kc.min_lessons_percent
                 AND (NOT kc.require_mandatory_graded OR coalesce(gr.missing_mandatory, 0) = 0)
                 AND (gr.weighted_total IS NULL OR gr.weighted_total >= kc.min_weighted_total)
          FROM students s
          JOIN cohort_certificates kc ON kc.cohort_id = s.cohort_id
          JOIN lesson_counts lc ON lc.cohort_id = s.cohort_id AND lc.user_id = s.user_id
          LEFT JOIN grades gr ON gr.cohort_id = s.cohort_id AND gr.user_id = s.user_id
      $$`);
    await q.query(`DROP FUNCTION student_certificate_progress(bigint, bigint)`);
  }
}

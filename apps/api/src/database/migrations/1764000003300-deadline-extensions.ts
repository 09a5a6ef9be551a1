import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-student extensions and late policies of grade items.
 *
 * - grade_extensions: one row per (grade item, student) a member of staff gave more time and/or
 *   more quiz attempts. An extension only ever adds: the student's deadline is the later of the
 *   item's and the extension's (effective_deadline), likewise the late deadline
 *   (effective_late_deadline); an item without a deadline stays without one. Every rule (the
 *   submission window, late marks, quiz start, attempt deadlines, reminders, penalties) reads the
 *   dates through these two functions.
 * - cohort_grades.late_penalty_per_day / late_score_cap: what late work costs. Per day late (a
 *   started day counts) the grade loses that many points of 100; a cap bounds a late grade. The
 *   stored grade stays the computed one; grade_result() derives, in SQL, the grade after the
 *   penalty (late_grade) and the grade that counts (final_grade: a grade set by hand in
 *   grade_override_entries, 1764000003110, when there is one, else late_grade), for the
 *   gradebook, the student's view and the certificate rules alike.
 * - deadline_reminders.deadline_at: the deadline a reminder was sent for, so a student whose
 *   deadline moved (an extension) is reminded again before the new one.
 */
export class DeadlineExtensions1764000003300 implements MigrationInterface {
  name = 'DeadlineExtensions1764000003300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE grade_extensions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_grade_id bigint NOT NULL REFERENCES cohort_grades (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        deadline_datetime timestamptz,
        late_deadline_datetime timestamptz,
        extra_attempts integer NOT NULL DEFAULT 0 CHECK (extra_attempts BETWEEN 0 AND 20),
        reason text NOT NULL DEFAULT '',
        granted_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_date timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_grade_id, user_id),
        CHECK (deadline_datetime IS NOT NULL OR late_deadline_datetime IS NOT NULL OR extra_attempts > 0),
        CHECK (late_deadline_datetime IS NULL OR deadline_datetime IS NULL OR late_deadline_datetime >= deadline_datetime)
      )`);
    await q.query(`CREATE INDEX grade_extensions_user_idx ON grade_extensions (user_id)`);
    // The reminder job finds extended deadlines coming up as it finds the items' own.
    await q.query(`CREATE INDEX grade_extensions_deadline_idx ON grade_extensions (deadline_datetime)`);
    await q.query(`
      ALTER TABLE cohort_grades
        ADD COLUMN late_penalty_per_day numeric(5, 2) CHECK (late_penalty_per_day > 0 AND late_penalty_per_day <= 100),
        ADD COLUMN late_score_cap numeric(5, 2) CHECK (late_score_cap BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE deadline_reminders ADD COLUMN deadline_at timestamptz`);
    await q.query(`UPDATE deadline_reminders r SET deadline_at = g.deadline_datetime FROM cohort_grades g WHERE g.id = r.cohort_grade_id`);

    await q.query(`
      CREATE FUNCTION effective_deadline(item_deadline timestamptz, extended timestamptz) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN item_deadline IS NULL THEN NULL ELSE greatest(item_deadline, extended) END $$`);
    await q.query(`
      CREATE FUNCTION effective_late_deadline(item_deadline timestamptz, item_late timestamptz, extended_late timestamptz) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN item_deadline IS NULL THEN NULL ELSE greatest(item_late, extended_late) END $$`);
    // Days late: a started day counts; none on or before the deadline.
    await q.query(`
      CREATE FUNCTION days_late(handed_in timestamptz, deadline timestamptz) RETURNS integer
        LANGUAGE sql IMMUTABLE AS $$
          SELECT CASE WHEN handed_in IS NULL OR deadline IS NULL OR handed_in <= deadline THEN 0
                      ELSE ceil(extract(epoch FROM handed_in - deadline) / 86400)::integer END $$`);
    await q.query(`
      CREATE FUNCTION late_penalised_grade(grade numeric, handed_in timestamptz, deadline timestamptz, per_day numeric, cap numeric)
        RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
          SELECT CASE WHEN grade IS NULL OR days_late(handed_in, deadline) = 0 THEN grade
                      ELSE greatest(0, least(coalesce(cap, 100), grade, grade - coalesce(per_day, 0) * days_late(handed_in, deadline))) END $$`);
    // The grade of a student on an item once late work is charged: a project's grade from its
    // hand-in time; a quiz's, the best of its attempts each charged by its own submission time.
    // original_grade is the stored (computed) grade, untouched.
    await q.query(`
      CREATE FUNCTION grade_result(p_grade_id bigint, p_user_id bigint)
        RETURNS TABLE (original_grade numeric, late_grade numeric, override_grade numeric, final_grade numeric, days_late integer)
        LANGUAGE sql STABLE AS $$
        WITH item AS (
          SELECT g.id, g.cohort_id, g.lesson_id, l.lesson_type, g.late_penalty_per_day, g.late_score_cap,
                 effective_deadline(g.deadline_datetime, x.deadline_datetime) AS deadline
            FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id
            LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = p_user_id
           WHERE g.id = p_grade_id),
        work AS (
          SELECT ug.user_grade AS grade, s.submitted_at AS handed_in
            FROM item i JOIN user_grades ug ON ug.cohort_grade_id = i.id AND ug.user_id = p_user_id
            LEFT JOIN submissions s ON s.cohort_grade_id = i.id AND s.user_id = p_user_id AND s.kind = 'PROJECT'
           WHERE i.lesson_type <> 'QUIZ'
          UNION ALL
          SELECT CASE WHEN qs.max_score > 0 THEN round(100 * qs.score / qs.max_score, 2) ELSE 0 END, qs.submitted_at
            FROM item i JOIN quiz_groups qg ON qg.lesson_id = i.lesson_id
            JOIN quiz_sessions qs ON qs.quiz_group_id = qg.id AND qs.cohort_id = i.cohort_id AND qs.user_id = p_user_id
                                 AND qs.submitted_at IS NOT NULL
           WHERE i.lesson_type = 'QUIZ')
        SELECT ug.user_grade, late.grade, o.grade, coalesce(o.grade, late.grade), coalesce(best.days, 0)
          FROM item i JOIN user_grades ug ON ug.cohort_grade_id = i.id AND ug.user_id = p_user_id
          LEFT JOIN LATERAL (
            SELECT late_penalised_grade(w.grade, w.handed_in, i.deadline, i.late_penalty_per_day, i.late_score_cap) AS final,
                   days_late(w.handed_in, i.deadline) AS days
              FROM work w ORDER BY 1 DESC NULLS LAST, w.handed_in LIMIT 1) best ON true
          CROSS JOIN LATERAL (SELECT CASE WHEN ug.user_grade IS NULL THEN NULL ELSE coalesce(best.final, ug.user_grade) END AS grade) late
          LEFT JOIN LATERAL (SELECT x.grade FROM grade_override_entries x
                              WHERE x.cohort_grade_id = i.id AND x.user_id = p_user_id ORDER BY x.id DESC LIMIT 1) o ON true
      $$`);

    // The certificate rules weigh the grade that counts: a grade set by hand (1764000003110), which
    // also counts as graded, else the released grade after any late penalty.
    await q.query(`
      CREATE OR REPLACE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$
        ${CERTIFICATE_PROGRESS_BODY(
          'coalesce(o.grade, (SELECT r.late_grade FROM grade_result(g.id, s.user_id) r WHERE ug.id IS NOT NULL), 0)',
          true,
        )}
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$ ${CERTIFICATE_PROGRESS_BODY('coalesce(o.grade, ug.user_grade, 0)', true)} $$`);
    await q.query(`DROP FUNCTION grade_result(bigint, bigint)`);
    await q.query(`DROP FUNCTION late_penalised_grade(numeric, timestamptz, timestamptz, numeric, numeric)`);
    await q.query(`DROP FUNCTION days_late(timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION effective_late_deadline(timestamptz, timestamptz, timestamptz)`);
    await q.query(`DROP FUNCTION effective_deadline(timestamptz, timestamptz)`);
    await q.query(`ALTER TABLE deadline_reminders DROP COLUMN deadline_at`);
    await q.query(`ALTER TABLE cohort_grades DROP COLUMN late_score_cap, DROP COLUMN late_penalty_per_day`);
    await q.query(`DROP TABLE grade_extensions`);
  }
}

/**
 * certificate_progress as CertificateIssuing1764000002600 wrote it, with the grade each item weighs
 * given; `overrides`: the latest grade set by hand is joined as `o` and counts as graded (1764000003110).
 */
const CERTIFICATE_PROGRESS_BODY = (grade: string, overrides: boolean) => `
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
                 count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL${overrides ? ' AND o.grade IS NULL' : ''}) AS missing_mandatory,
                 round(sum(g.grade_percentage * ${grade}) / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total
            FROM students s
            JOIN cohort_grades g ON g.cohort_id = s.cohort_id
            LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = s.user_id
                  AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NOT NULL
            ${
              overrides
                ? `LEFT JOIN LATERAL (SELECT x.grade FROM grade_override_entries x
                                WHERE x.cohort_grade_id = g.id AND x.user_id = s.user_id ORDER BY x.id DESC LIMIT 1) o ON true`
                : ''
            }
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
          LEFT JOIN grades gr ON gr.cohort_id = s.cohort_id AND gr.user_id = s.user_id`;

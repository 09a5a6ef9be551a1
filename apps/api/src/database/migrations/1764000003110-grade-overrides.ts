import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * certificate_progress as 1764000002600 made it, counting the latest override of each item
 * (`overrides`: an override set by hand counts as graded and released, in place of the computed grade).
 */
function certificateProgress(overrides: boolean): string {
  const grades = overrides
    ? `count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL AND o.grade IS NULL) AS missing_mandatory,
                 round(sum(g.grade_percentage * coalesce(o.grade, ug.user_grade, 0)) / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total`
    : `count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL) AS missing_mandatory,
                 round(sum(g.grade_percentage * coalesce(ug.user_grade, 0)) / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total`;
  const joins = overrides
    ? `LEFT JOIN LATERAL (SELECT x.grade FROM grade_override_entries x
                                WHERE x.cohort_grade_id = g.id AND x.user_id = s.user_id ORDER BY x.id DESC LIMIT 1) o ON true`
    : '';
  return `      CREATE OR REPLACE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
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
                 ${grades}
            FROM students s
            JOIN cohort_grades g ON g.cohort_id = s.cohort_id
            LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = s.user_id
                  AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NOT NULL
            ${joins}
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
      $$`;
}

/**
 * Grades set by hand in the gradebook. Each change is a new entry (who, when, the override before
 * and after, the computed grade at the time, why), never an edit: the latest entry of a student's
 * item is the override in force, and an entry with no grade clears it. The computed grade in
 * user_grades is left as it is, so it stays visible beside the override. A trigger refuses
 * updates and deletes (except those cascading from a deleted item or account).
 * certificate_progress counts the override instead of the computed grade.
 */
export class GradeOverrides1764000003110 implements MigrationInterface {
  name = 'GradeOverrides1764000003110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE grade_override_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_grade_id bigint NOT NULL REFERENCES cohort_grades (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        previous_grade numeric(5, 2) CHECK (previous_grade BETWEEN 0 AND 100),
        grade numeric(5, 2) CHECK (grade BETWEEN 0 AND 100),
        computed_grade numeric(5, 2),
        reason text NOT NULL CHECK (length(btrim(reason)) BETWEEN 1 AND 1000),
        changed_by bigint REFERENCES users (id) ON DELETE SET NULL,
        changed_by_name text NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX grade_override_entries_cell_idx ON grade_override_entries (cohort_grade_id, user_id, id DESC)`);
    await q.query(`
      CREATE FUNCTION grade_override_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- Deeper than 1: a foreign key's cascade (the item or an account deleted), not a direct write.
        IF pg_trigger_depth() < 2 THEN
          RAISE EXCEPTION 'grade override entries are append-only' USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
      END $$`);
    await q.query(`
      CREATE TRIGGER grade_override_entries_append_only BEFORE UPDATE OR DELETE ON grade_override_entries
      FOR EACH ROW EXECUTE FUNCTION grade_override_entries_append_only()`);
    await q.query(certificateProgress(true));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(certificateProgress(false));
    await q.query(`DROP TABLE grade_override_entries`);
    await q.query(`DROP FUNCTION grade_override_entries_append_only()`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Completion percentages are derived when read, by one rule written once:
 * `completion_percentage(done, total)` is round(100 * done / total, 2), 0 when there is nothing to
 * complete; `enrolment_completion(user, cohort)` applies it to the lessons of every course the
 * cohort teaches now. The stored `enrolments.completion_percentage` goes: kept up to date by each
 * writer, it lost updates when lessons were marked at once (each statement counted from its own
 * snapshot) and went to 100 when a course was linked (LEAST(100, NULL) is 100).
 */
export class DerivedCompletion1764000001400 implements MigrationInterface {
  name = 'DerivedCompletion1764000001400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION completion_percentage(done bigint, total bigint) RETURNS numeric
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT CASE WHEN coalesce(total, 0) <= 0 THEN 0::numeric
                          ELSE round(100.0 * least(coalesce(done, 0), total) / total, 2) END $$`);
    await q.query(`
      CREATE FUNCTION enrolment_completion(p_user_id bigint, p_cohort_id bigint) RETURNS numeric
        LANGUAGE sql STABLE PARALLEL SAFE
        AS $$ SELECT completion_percentage(
                (SELECT count(*) FROM lesson_completions lc
                   JOIN lessons l ON l.id = lc.lesson_id
                   JOIN modules m ON m.id = l.module_id
                   JOIN cohort_courses cc ON cc.cohort_id = lc.cohort_id AND cc.course_id = m.course_id
                  WHERE lc.user_id = p_user_id AND lc.cohort_id = p_cohort_id),
                (SELECT count(*) FROM cohort_courses cc
                   JOIN modules m ON m.course_id = cc.course_id
                   JOIN lessons l ON l.module_id = m.id
                  WHERE cc.cohort_id = p_cohort_id)) $$`);
    await q.query(`ALTER TABLE enrolments DROP COLUMN completion_percentage`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enrolments
      ADD COLUMN completion_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (completion_percentage BETWEEN 0 AND 100)`);
    await q.query(`UPDATE enrolments SET completion_percentage = enrolment_completion(user_id, cohort_id)`);
    await q.query(`DROP FUNCTION enrolment_completion(bigint, bigint)`);
    await q.query(`DROP FUNCTION completion_percentage(bigint, bigint)`);
  }
}

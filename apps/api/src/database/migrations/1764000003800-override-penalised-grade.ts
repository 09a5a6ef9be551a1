import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The log of grades set by hand keeps both computed values of the moment: `computed_grade` (the
 * stored grade, before any late penalty) and now `penalised_grade` (the grade that counted before
 * the override: after the item's late penalty, grade_result's late_grade, 1764000003300). Entries
 * written before this migration did not record it and keep null (never guessed from today's dates).
 */
export class OverridePenalisedGrade1764000003800 implements MigrationInterface {
  name = 'OverridePenalisedGrade1764000003800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE grade_override_entries ADD COLUMN penalised_grade numeric(5, 2)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE grade_override_entries DROP COLUMN penalised_grade`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moving a cohort's timeline rewrites the deadline of every extension its students' longer phases
 * made (300 students x 150 items is 45,000 rows). A b-tree on deadline_datetime made each of those
 * an update of every index of the table. A BRIN index is a summarizing one: PostgreSQL updates the
 * rows in place (HOT) when only such a column changes, and room left on each page (fillfactor)
 * keeps the new versions there. The deadline reminder's search still has its index: a cohort's
 * extensions are written together, so their pages' ranges span that cohort's dates and the cohorts
 * not running now are skipped.
 */
export class ExtensionsMoveInPlace1764000005970 implements MigrationInterface {
  name = 'ExtensionsMoveInPlace1764000005970';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX grade_extensions_deadline_idx`);
    await q.query(
      `CREATE INDEX grade_extensions_deadline_idx ON grade_extensions USING brin (deadline_datetime) WITH (pages_per_range = 16)`,
    );
    await q.query(`ALTER TABLE grade_extensions SET (fillfactor = 45)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE grade_extensions RESET (fillfactor)`);
    await q.query(`DROP INDEX grade_extensions_deadline_idx`);
    await q.query(`CREATE INDEX grade_extensions_deadline_idx ON grade_extensions (deadline_datetime)`);
  }
}

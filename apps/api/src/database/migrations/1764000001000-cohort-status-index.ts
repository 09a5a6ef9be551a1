import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cohort list's status filter reads ranges of start_date, end_date (both indexed already) and
 * end_access_date: ended cohorts whose access is open or closed.
 */
export class CohortStatusIndex1764000001000 implements MigrationInterface {
  name = 'CohortStatusIndex1764000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX cohorts_end_access_date_idx ON cohorts (end_access_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cohorts_end_access_date_idx`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes behind the admin console's sorted lists: A-Z sorts ignore case (lower()), a cohort's
 * students by enrolment date, its queue in arrival order, active cohorts by start date.
 */
export class AdminLists1764000000500 implements MigrationInterface {
  name = 'AdminLists1764000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX enrolments_cohort_created_idx ON enrolments (cohort_id, created_date DESC)`);
    await q.query(`CREATE INDEX cohort_queue_cohort_created_idx ON cohort_queue (cohort_id, created_date)`);
    await q.query(`CREATE INDEX courses_title_lower_idx ON courses (lower(title))`);
    await q.query(`CREATE INDEX cohorts_title_lower_idx ON cohorts (lower(title))`);
    await q.query(`CREATE INDEX certificates_title_lower_idx ON certificates (lower(title))`);
    await q.query(`CREATE INDEX users_role_first_name_lower_idx ON users (role, lower(first_name))`);
    await q.query(`CREATE INDEX cohorts_start_date_idx ON cohorts (start_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS cohorts_start_date_idx`);
    await q.query(`DROP INDEX IF EXISTS users_role_first_name_lower_idx`);
    await q.query(`DROP INDEX IF EXISTS certificates_title_lower_idx`);
    await q.query(`DROP INDEX IF EXISTS cohorts_title_lower_idx`);
    await q.query(`DROP INDEX IF EXISTS courses_title_lower_idx`);
    await q.query(`DROP INDEX IF EXISTS cohort_queue_cohort_created_idx`);
    await q.query(`DROP INDEX IF EXISTS enrolments_cohort_created_idx`);
  }
}

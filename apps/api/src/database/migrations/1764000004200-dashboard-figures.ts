import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin dashboard counts students seen in a class in the last week and hand-ins waiting for
 * grading on every visit: an index on the enrolments' last access (carrying the user, so the
 * distinct count reads only the index) and a partial index of the grades still SUBMITTED, which
 * stays as small as the grading backlog.
 */
export class DashboardFigures1764000004200 implements MigrationInterface {
  name = 'DashboardFigures1764000004200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX enrolments_latest_access_idx ON enrolments (latest_access_datetime) INCLUDE (user_id)`);
    await q.query(
      `CREATE INDEX user_grades_awaiting_grading_idx ON user_grades (cohort_grade_id) WHERE user_submission_status = 'SUBMITTED'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX user_grades_awaiting_grading_idx`);
    await q.query(`DROP INDEX enrolments_latest_access_idx`);
  }
}

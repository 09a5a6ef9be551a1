import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cohort view reads a student's completions and grades on every request: indexes that hold
 * every column it reads let PostgreSQL answer from the index alone (an index-only scan) instead
 * of visiting one table page per row. The completions index, in (completed_at, lesson_id) order,
 * also gives the "latest lesson" (read backwards) and the completion order without a sort.
 */
export class ProgressCoveringIndexes1764000000800 implements MigrationInterface {
  name = 'ProgressCoveringIndexes1764000000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX lesson_completions_progress_idx ON lesson_completions (user_id, cohort_id, completed_at, lesson_id)`);
    await q.query(`DROP INDEX lesson_completions_latest_idx`);
    await q.query(
      `CREATE INDEX user_grades_user_cover_idx ON user_grades (user_id) INCLUDE (cohort_grade_id, id_slug, user_grade, user_submission_status)`,
    );
    await q.query(`DROP INDEX user_grades_user_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX user_grades_user_idx ON user_grades (user_id)`);
    await q.query(`DROP INDEX user_grades_user_cover_idx`);
    await q.query(`CREATE INDEX lesson_completions_latest_idx ON lesson_completions (user_id, cohort_id, completed_at DESC)`);
    await q.query(`DROP INDEX lesson_completions_progress_idx`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications: each user's choices for the mail that may be turned off (no row: everything on);
 * one row per (student, grade item) whose deadline reminder was sent, so it goes once whatever the
 * number of workers; and one row per daily digest of programme applications, recording the span
 * it covered.
 */
export class Notifications1764000002050 implements MigrationInterface {
  name = 'Notifications1764000002050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_preferences (
        user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        deadline_reminders boolean NOT NULL DEFAULT true,
        application_digest boolean NOT NULL DEFAULT true,
        modified_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE deadline_reminders (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        cohort_grade_id bigint NOT NULL REFERENCES cohort_grades (id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, cohort_grade_id)
      )`);
    await q.query(`CREATE INDEX deadline_reminders_grade_idx ON deadline_reminders (cohort_grade_id)`);
    await q.query(`CREATE INDEX cohort_grades_deadline_idx ON cohort_grades (deadline_datetime) WHERE is_mandatory`);
    await q.query(`
      CREATE TABLE application_digests (
        digest_date date PRIMARY KEY,
        covered_from timestamptz NOT NULL,
        covered_until timestamptz NOT NULL,
        application_count integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_digests`);
    await q.query(`DROP INDEX cohort_grades_deadline_idx`);
    await q.query(`DROP TABLE deadline_reminders`);
    await q.query(`DROP TABLE notification_preferences`);
  }
}

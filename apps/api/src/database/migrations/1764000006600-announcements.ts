import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cohort announcements: the message, the cohorts it goes to, when it goes out (now or scheduled),
 * and each student's read state. A student's mail choice for them joins the notification
 * preferences as a choice of three (null: each one, as it goes out).
 */
export class Announcements1764000006600 implements MigrationInterface {
  name = 'Announcements1764000006600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE announcements (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        author_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
        pinned boolean NOT NULL DEFAULT false,
        status text NOT NULL CHECK (status IN ('SCHEDULED', 'PUBLISHED', 'CANCELLED')),
        publish_at timestamptz NOT NULL,
        published_at timestamptz,
        edited_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        modified_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'PUBLISHED') = (published_at IS NOT NULL))
      )`);
    // The author's posts of the last hour (the posting limit's audit) and the staff list.
    await q.query(`CREATE INDEX announcements_author_idx ON announcements (author_id, created_at)`);
    // The daily digest reads a day's published announcements.
    await q.query(`CREATE INDEX announcements_published_idx ON announcements (published_at) WHERE status = 'PUBLISHED'`);
    await q.query(`
      CREATE TABLE announcement_cohorts (
        announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        PRIMARY KEY (announcement_id, cohort_id)
      )`);
    // A cohort's announcements (the class page, the dashboard, every reach check).
    await q.query(`CREATE INDEX announcement_cohorts_cohort_idx ON announcement_cohorts (cohort_id, announcement_id)`);
    await q.query(`
      CREATE TABLE announcement_reads (
        announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        read_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, announcement_id)
      )`);
    await q.query(`
      ALTER TABLE notification_preferences
        ADD COLUMN announcements text CHECK (announcements IN ('each', 'digest', 'off'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notification_preferences DROP COLUMN announcements`);
    await q.query(`DROP TABLE announcement_reads`);
    await q.query(`DROP TABLE announcement_cohorts`);
    await q.query(`DROP TABLE announcements`);
  }
}

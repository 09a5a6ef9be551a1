import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations of people queued for a cohort (emails without an account). Only the sha256 of the
 * current token is kept; each send replaces it. The state is read from the timestamps: sent (the
 * mail job delivered), opened (the link was looked up), accepted (the person registered), failed
 * (the mail job gave up). A withdrawn person's invitation is deleted with their queue entry.
 */
export class Invitations1764000001900 implements MigrationInterface {
  name = 'Invitations1764000001900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cohort_invitations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        token_hash text UNIQUE,
        sends int NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        opened_at timestamptz,
        accepted_at timestamptz,
        accepted_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        failed_at timestamptz,
        failure text,
        UNIQUE (cohort_id, email)
      )`);
    await q.query(`CREATE INDEX cohort_invitations_email_idx ON cohort_invitations (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cohort_invitations`);
  }
}

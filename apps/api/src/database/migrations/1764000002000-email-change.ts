import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verified email changes: a request keeps the new address until its owner confirms it with the
 * link mailed to it; the old address gets a link to cancel. Only the sha256 of each token is kept.
 * At most one request of an account is live at a time.
 */
export class EmailChange1764000002000 implements MigrationInterface {
  name = 'EmailChange1764000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_change_requests (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        old_email text NOT NULL,
        new_email text NOT NULL,
        confirm_token_hash text UNIQUE,
        cancel_token_hash text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        cancelled_at timestamptz,
        invalidated_at timestamptz
      )`);
    await q.query(`
      CREATE UNIQUE INDEX email_change_requests_live ON email_change_requests (user_id)
      WHERE confirmed_at IS NULL AND cancelled_at IS NULL AND invalidated_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_change_requests`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A seat (a cohort queue entry, an invitation, an accepted offer) goes only to an account that
 * proved it holds its email. `users.email_verified_at` says when it did; accounts made by staff,
 * `create-user`, the seed or an invitation link count as verified (the column's default), and so
 * does every account made before this migration. Self-registration without a link writes NULL
 * until the link of `email_verifications` (mailed to the address, only its sha256 stored) is used.
 */
export class VerifiedEmails1764000003500 implements MigrationInterface {
  name = 'VerifiedEmails1764000003500';

  async up(q: QueryRunner): Promise<void> {
    // Adding the column with its default marks every existing account verified.
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz DEFAULT now()`);
    await q.query(`
      CREATE TABLE email_verifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        token_hash text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        invalidated_at timestamptz
      )`);
    await q.query(`CREATE INDEX email_verifications_user_idx ON email_verifications (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_verifications`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links: only the sha256 of each token is kept. A link is spent once used, and
 * withdrawn (invalidated_at) by a newer request or a successful sign-in of its account.
 */
export class PasswordReset1764000001800 implements MigrationInterface {
  name = 'PasswordReset1764000001800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_reset_tokens (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        invalidated_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX password_reset_tokens_live ON password_reset_tokens (user_id) WHERE used_at IS NULL AND invalidated_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_reset_tokens`);
  }
}

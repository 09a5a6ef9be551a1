import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed-login counts live in PostgreSQL, so every API process (cluster workers, several
 * instances, a restart) sees the same back-off. The columns are the ones rate-limiter-flexible's
 * RateLimiterPostgres reads and writes: the key, points used, and expiry in epoch milliseconds.
 */
export class LoginRateLimits1764000000900 implements MigrationInterface {
  name = 'LoginRateLimits1764000000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE login_rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_rate_limits`);
  }
}

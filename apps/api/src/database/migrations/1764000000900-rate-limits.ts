import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit counts (failed logins, public forms, uploads, registration) live in PostgreSQL, so
 * every API process (cluster workers, several instances, a restart) sees the same counts. The
 * columns are the ones rate-limiter-flexible's RateLimiterPostgres reads and writes: the key
 * (prefixed per limit), points used, and expiry in epoch milliseconds.
 */
export class RateLimits1764000000900 implements MigrationInterface {
  name = 'RateLimits1764000000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rate_limits`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An on-site session's check-in secret: the rotating code its facilitator shows is derived from it
 * and the time (check-in-code.ts), so nothing per code is stored. Made on first use.
 */
export class SessionCheckIn1764000005910 implements MigrationInterface {
  name = 'SessionCheckIn1764000005910';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE live_sessions ADD COLUMN check_in_secret text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE live_sessions DROP COLUMN check_in_secret`);
  }
}

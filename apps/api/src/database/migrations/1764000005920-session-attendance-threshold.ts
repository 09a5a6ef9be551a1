import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each live session's attendance threshold: the share of its duration a trainee must be present
 * for (the minutes of an online provider's participant report) to count present. 75% by default,
 * editable per session.
 */
export class SessionAttendanceThreshold1764000005920 implements MigrationInterface {
  name = 'SessionAttendanceThreshold1764000005920';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE live_sessions ADD COLUMN attendance_threshold_percent integer NOT NULL DEFAULT 75
         CHECK (attendance_threshold_percent BETWEEN 1 AND 100)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE live_sessions DROP COLUMN attendance_threshold_percent`);
  }
}

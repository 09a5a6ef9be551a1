import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attendance of live sessions, append-only: each mark is a new entry with who, when and why, and a
 * trainee's mark is their latest entry (none once the session has ended: absent). Nothing is edited
 * in place, so the history a funder may ask for is the table itself.
 */
export class AttendanceEntries1764000005610 implements MigrationInterface {
  name = 'AttendanceEntries1764000005610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_entries (
        id bigserial PRIMARY KEY,
        session_id bigint NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('PRESENT', 'LATE', 'EXCUSED', 'ABSENT')),
        reason text CHECK (status <> 'EXCUSED' OR reason IS NOT NULL),
        source text NOT NULL DEFAULT 'HAND' CHECK (source IN ('HAND', 'CODE', 'IMPORT')),
        recorded_by bigint REFERENCES users (id) ON DELETE SET NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A trainee's latest entry for a session (the register), newest first.
    await q.query(`CREATE INDEX attendance_entries_latest_idx ON attendance_entries (session_id, user_id, id DESC)`);
    await q.query(`CREATE INDEX attendance_entries_user_idx ON attendance_entries (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE attendance_entries`);
  }
}

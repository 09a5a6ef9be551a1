import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Closed months and the corrections they hold back. Once an admin closes a cohort's month, a change
 * to a mark of one of its sessions is a pending correction (who asked, why); a second staff member
 * approves it (the new attendance entry notes them in `approved_by`) or refuses it.
 */
export class AttendanceMonthClosures1764000005940 implements MigrationInterface {
  name = 'AttendanceMonthClosures1764000005940';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_month_closures (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        closed_by bigint REFERENCES users (id) ON DELETE SET NULL,
        closed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, month)
      )`);
    await q.query(`ALTER TABLE attendance_entries ADD COLUMN approved_by bigint REFERENCES users (id) ON DELETE SET NULL`);
    await q.query(`
      CREATE TABLE attendance_corrections (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        session_id bigint NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('PRESENT', 'LATE', 'EXCUSED', 'ABSENT')),
        reason text NOT NULL,
        -- Where the change came from: by hand on the register, or an imported participant report.
        source text NOT NULL DEFAULT 'HAND' CHECK (source IN ('HAND', 'IMPORT')),
        requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'APPROVED', 'REFUSED')),
        decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz,
        entry_id bigint REFERENCES attendance_entries (id) ON DELETE SET NULL,
        CHECK ((state = 'PENDING') = (decided_at IS NULL))
      )`);
    // Pending corrections of a session (the cohort's list joins its sessions).
    await q.query(`CREATE INDEX attendance_corrections_pending_idx ON attendance_corrections (session_id) WHERE state = 'PENDING'`);
    await q.query(`CREATE INDEX attendance_corrections_user_idx ON attendance_corrections (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE attendance_corrections`);
    await q.query(`ALTER TABLE attendance_entries DROP COLUMN approved_by`);
    await q.query(`DROP TABLE attendance_month_closures`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly attendance registers of a cohort: one row per request, written by one job that stores a
 * CSV and a PDF; `final` when the month was closed as it was produced.
 */
export class AttendanceRegisters1764000005930 implements MigrationInterface {
  name = 'AttendanceRegisters1764000005930';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_registers (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'READY', 'FAILED')),
        final boolean NOT NULL DEFAULT false,
        requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        error text,
        csv_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
        pdf_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL
      )`);
    // The cohort's registers, newest first (the Sessions tab).
    await q.query(`CREATE INDEX attendance_registers_cohort_idx ON attendance_registers (cohort_id, id DESC)`);
    // A stored file's register, when the file's row is deleted (the foreign keys' check).
    await q.query(`CREATE INDEX attendance_registers_csv_idx ON attendance_registers (csv_file_id) WHERE csv_file_id IS NOT NULL`);
    await q.query(`CREATE INDEX attendance_registers_pdf_idx ON attendance_registers (pdf_file_id) WHERE pdf_file_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE attendance_registers`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data retention: an unsuccessful application's personal data is erased (anonymised) once its
 * intake's retention period (admission_retention, default 24 months) has passed, or at once when
 * an admin confirms the applicant's erasure request. `anonymised_at` marks it; the reference,
 * intake, course, state and dates stay for the figures. The three declarations may then be null.
 * Duplicates are found across intakes (indexes on the two keys alone).
 * One erasure request per application (asked again after a refusal, it is pending again).
 */
export class DataRetention1764000005000 implements MigrationInterface {
  name = 'DataRetention1764000005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE programme_applications
        ADD COLUMN anonymised_at timestamptz,
        ALTER COLUMN can_participate DROP NOT NULL,
        ALTER COLUMN can_device DROP NOT NULL,
        ALTER COLUMN can_relocate DROP NOT NULL`);
    // The daily job's candidates: not yet anonymised, by state and the time they got there.
    await q.query(
      `CREATE INDEX programme_applications_retention_idx ON programme_applications (status, status_changed_at) WHERE anonymised_at IS NULL`,
    );
    // Duplicates are looked for across intakes too: the two keys alone.
    await q.query(`CREATE INDEX programme_applications_phone_key_all_idx ON programme_applications (phone_key)`);
    await q.query(`CREATE INDEX programme_applications_person_key_all_idx ON programme_applications (person_key)`);
    await q.query(`
      CREATE TABLE admission_retention (
        intake text PRIMARY KEY,
        months integer NOT NULL CHECK (months BETWEEN 1 AND 120),
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE application_erasure_requests (
        application_id bigint PRIMARY KEY REFERENCES programme_applications (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'REFUSED')),
        requested_at timestamptz NOT NULL DEFAULT now(),
        decided_by bigint REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz,
        reason text NOT NULL DEFAULT ''
      )`);
    await q.query(`CREATE INDEX application_erasure_requests_status_idx ON application_erasure_requests (status, requested_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_erasure_requests`);
    await q.query(`DROP TABLE admission_retention`);
    await q.query(`DROP INDEX programme_applications_retention_idx`);
    await q.query(`DROP INDEX programme_applications_phone_key_all_idx`);
    await q.query(`DROP INDEX programme_applications_person_key_all_idx`);
    await q.query(`ALTER TABLE programme_applications DROP COLUMN anonymised_at`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cohort evidence packs: one row per request, worked by one job that writes every placed trainee's
 * PDF and CSV and a cohort CSV into one stored ZIP. `done` of `total` trainees is the progress the
 * Placements tab shows while the job runs.
 */
export class EvidencePacks1764000006430 implements MigrationInterface {
  name = 'EvidencePacks1764000006430';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE evidence_packs (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'READY', 'FAILED')),
        done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
        total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
        requested_by bigint REFERENCES users (id) ON DELETE SET NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        error text,
        zip_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL
      )`);
    // The cohort's packs, newest first (the Placements tab).
    await q.query(`CREATE INDEX evidence_packs_cohort_idx ON evidence_packs (cohort_id, id DESC)`);
    // One pack under way per cohort: a second request while one is queued or running is refused.
    await q.query(`CREATE UNIQUE INDEX evidence_packs_one_running_idx ON evidence_packs (cohort_id) WHERE state IN ('QUEUED', 'RUNNING')`);
    // A stored file's pack, when the file's row is deleted (the foreign key's check).
    await q.query(`CREATE INDEX evidence_packs_zip_idx ON evidence_packs (zip_file_id) WHERE zip_file_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE evidence_packs`);
  }
}

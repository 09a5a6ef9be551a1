import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each stored file's bytes live: on the local disk under DATA_DIR/uploads, or in the S3
 * bucket. Existing files are on disk; `pnpm storage:migrate --to s3` switches them one by one.
 */
export class StoredFileBackend1764000001600 implements MigrationInterface {
  name = 'StoredFileBackend1764000001600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stored_files ADD COLUMN backend text NOT NULL DEFAULT 'disk' CHECK (backend IN ('disk', 's3'))`);
    // The migration tool walks the files still on disk, in id order.
    await q.query(`CREATE INDEX stored_files_disk_idx ON stored_files (id) WHERE backend = 'disk'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stored_files_disk_idx`);
    await q.query(`ALTER TABLE stored_files DROP COLUMN backend`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly sweep of uploads no application refers to: it finds old uploads by purpose and age,
 * and both it and the foreign keys' ON DELETE SET NULL look applications up by their file ids.
 */
export class UploadSweepIndexes1764000001100 implements MigrationInterface {
  name = 'UploadSweepIndexes1764000001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX stored_files_purpose_created_idx ON stored_files (purpose, created_date)`);
    await q.query(
      `CREATE INDEX programme_applications_resume_file_idx ON programme_applications (resume_file_id) WHERE resume_file_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX programme_applications_transcript_file_idx ON programme_applications (transcript_file_id) WHERE transcript_file_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX programme_applications_transcript_file_idx`);
    await q.query(`DROP INDEX programme_applications_resume_file_idx`);
    await q.query(`DROP INDEX stored_files_purpose_created_idx`);
  }
}

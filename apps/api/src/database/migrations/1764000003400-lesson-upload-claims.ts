import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chunk of a lesson upload being written, claimed before its first byte is stored: a token and
 * when it was taken. A second request for the same chunk finds it claimed and is refused, so two
 * writes of one chunk never mix their bytes and the offset moves once. A claim whose writer died
 * (its process crashed) lapses after a while, so the upload can go on.
 */
export class LessonUploadClaims1764000003400 implements MigrationInterface {
  name = 'LessonUploadClaims1764000003400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lesson_media_uploads ADD COLUMN chunk_claim uuid, ADD COLUMN chunk_claimed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lesson_media_uploads DROP COLUMN chunk_claim, DROP COLUMN chunk_claimed_at`);
  }
}

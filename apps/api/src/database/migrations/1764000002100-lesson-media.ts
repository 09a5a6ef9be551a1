import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resumable lesson media uploads: each upload's progress is a row (the bytes go to the storage
 * backend as they arrive: appended on disk, parts of an S3 multipart upload in the bucket), so any
 * API replica can take the next chunk. A video's duration is kept on its stored file and on the
 * lesson that shows it; a student's place in a lesson video is kept per student and lesson.
 */
export class LessonMedia1764000002100 implements MigrationInterface {
  name = 'LessonMedia1764000002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lesson_media_uploads (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        kind text NOT NULL CHECK (kind IN ('video', 'captions', 'reading')),
        original_name text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        received_bytes bigint NOT NULL DEFAULT 0 CHECK (received_bytes >= 0 AND received_bytes <= size_bytes),
        chunk_size integer NOT NULL CHECK (chunk_size > 0),
        storage_key text NOT NULL,
        backend text NOT NULL CHECK (backend IN ('disk', 's3')),
        multipart_upload_id text,
        part_etags text[] NOT NULL DEFAULT '{}',
        uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
        file_id_slug text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX lesson_media_uploads_unfinished ON lesson_media_uploads (updated_at) WHERE file_id_slug IS NULL`);
    await q.query(`ALTER TABLE stored_files ADD COLUMN duration_seconds double precision`);
    await q.query(`ALTER TABLE lessons ADD COLUMN video_duration_seconds double precision`);
    await q.query(`
      CREATE TABLE lesson_positions (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        lesson_id bigint NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
        position_seconds double precision NOT NULL CHECK (position_seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lesson_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS lesson_positions`);
    await q.query(`ALTER TABLE lessons DROP COLUMN IF EXISTS video_duration_seconds`);
    await q.query(`ALTER TABLE stored_files DROP COLUMN IF EXISTS duration_seconds`);
    await q.query(`DROP TABLE IF EXISTS lesson_media_uploads`);
  }
}

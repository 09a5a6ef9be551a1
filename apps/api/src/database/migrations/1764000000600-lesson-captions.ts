import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Captions (WebVTT) of a lesson video, stored like the video and served through a signed URL. */
export class LessonCaptions1764000000600 implements MigrationInterface {
  name = 'LessonCaptions1764000000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lessons ADD COLUMN video_captions_id_slug text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lessons DROP COLUMN IF EXISTS video_captions_id_slug`);
  }
}

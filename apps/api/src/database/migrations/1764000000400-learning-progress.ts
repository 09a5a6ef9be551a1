import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Learner progress kept beside each enrolment (so staff lists need no per-row aggregate), the
 * issued certificate PDF, and the lookups the learner portal makes (the lessons that show a file).
 */
export class LearningProgress1764000000400 implements MigrationInterface {
  name = 'LearningProgress1764000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enrolments
      ADD COLUMN completion_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (completion_percentage BETWEEN 0 AND 100)`);
    // The video URL call finds the lessons that show a stored video.
    await q.query(`CREATE INDEX lessons_video_idx ON lessons (video_lecture_id_slug) WHERE video_lecture_id_slug IS NOT NULL`);
    // Reading PDFs and link files are looked up the same way when their signed URLs are issued.
    await q.query(`CREATE INDEX lessons_reading_pdfs_idx ON lessons USING gin (reading_pdf_id_slugs)`);
    await q.query(`CREATE INDEX cohort_grades_cohort_idx ON cohort_grades (cohort_id, deadline_datetime)`);
    // The PDF issued for a completed certificate, made once on first request and kept.
    await q.query(`ALTER TABLE user_certificates ADD COLUMN document_id_slug text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_certificates DROP COLUMN IF EXISTS document_id_slug`);
    await q.query(`DROP INDEX IF EXISTS cohort_grades_cohort_idx`);
    await q.query(`DROP INDEX IF EXISTS lessons_reading_pdfs_idx`);
    await q.query(`DROP INDEX IF EXISTS lessons_video_idx`);
    await q.query(`ALTER TABLE enrolments DROP COLUMN IF EXISTS completion_percentage`);
  }
}

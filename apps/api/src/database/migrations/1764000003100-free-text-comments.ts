import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A grader's comment on each free-text answer, shown to the student with the results. */
export class FreeTextComments1764000003100 implements MigrationInterface {
  name = 'FreeTextComments1764000003100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quiz_answers ADD COLUMN grader_comment text NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quiz_answers DROP COLUMN grader_comment`);
  }
}

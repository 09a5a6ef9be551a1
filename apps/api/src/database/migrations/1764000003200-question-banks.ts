import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Question banks shared by the quizzes of a course: a bank holds questions (quiz_questions with a
 * bank instead of a quiz group), and a quiz draws a number of questions from each of its banks at
 * every start, beside its own. Banks are never deleted (past attempts keep their questions).
 */
export class QuestionBanks1764000003200 implements MigrationInterface {
  name = 'QuestionBanks1764000003200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE question_banks (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        course_id bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX question_banks_course_idx ON question_banks (course_id, title)`);
    await q.query(`ALTER TABLE quiz_questions ALTER COLUMN quiz_group_id DROP NOT NULL`);
    await q.query(`ALTER TABLE quiz_questions ADD COLUMN bank_id bigint REFERENCES question_banks (id) ON DELETE CASCADE`);
    await q.query(
      `ALTER TABLE quiz_questions ADD CONSTRAINT quiz_questions_one_owner CHECK ((quiz_group_id IS NULL) <> (bank_id IS NULL))`,
    );
    await q.query(
      `CREATE INDEX quiz_questions_shared_bank_idx ON quiz_questions (bank_id, "order") WHERE bank_id IS NOT NULL AND NOT archived`,
    );
    await q.query(`
      CREATE TABLE quiz_bank_draws (
        quiz_group_id bigint NOT NULL REFERENCES quiz_groups (id) ON DELETE CASCADE,
        bank_id bigint NOT NULL REFERENCES question_banks (id) ON DELETE CASCADE,
        draw_count integer NOT NULL CHECK (draw_count >= 1),
        "order" integer NOT NULL DEFAULT 0,
        PRIMARY KEY (quiz_group_id, bank_id)
      )`);
    await q.query(`CREATE INDEX quiz_bank_draws_bank_idx ON quiz_bank_draws (bank_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quiz_bank_draws`);
    await q.query(`DELETE FROM quiz_questions WHERE bank_id IS NOT NULL`);
    await q.query(`ALTER TABLE quiz_questions DROP COLUMN bank_id`);
    await q.query(`ALTER TABLE quiz_questions ALTER COLUMN quiz_group_id SET NOT NULL`);
    await q.query(`DROP TABLE question_banks`);
  }
}

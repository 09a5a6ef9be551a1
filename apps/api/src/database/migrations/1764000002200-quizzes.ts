import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quizzes: one quiz group per QUIZ lesson with its question bank; a session per attempt of a
 * student in a cohort, holding the drawn questions in their shuffled order and a deadline the
 * server keeps; the answers, saved as the student goes and scored at submission (free text by hand).
 */
export class Quizzes1764000002200 implements MigrationInterface {
  name = 'Quizzes1764000002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE quiz_groups (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        lesson_id bigint NOT NULL UNIQUE REFERENCES lessons (id) ON DELETE CASCADE,
        time_limit_minutes integer CHECK (time_limit_minutes BETWEEN 1 AND 1440),
        attempts_allowed integer NOT NULL DEFAULT 1 CHECK (attempts_allowed BETWEEN 1 AND 100),
        pass_mark_percentage numeric(5, 2) CHECK (pass_mark_percentage BETWEEN 0 AND 100),
        shuffle_questions boolean NOT NULL DEFAULT false,
        shuffle_options boolean NOT NULL DEFAULT false,
        draw_count integer CHECK (draw_count >= 1),
        modified_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE quiz_questions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        quiz_group_id bigint NOT NULL REFERENCES quiz_groups (id) ON DELETE CASCADE,
        "order" integer NOT NULL DEFAULT 0,
        kind text NOT NULL CHECK (kind IN ('SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'NUMERIC', 'SHORT_TEXT', 'FREE_TEXT')),
        prompt text NOT NULL CHECK (length(btrim(prompt)) > 0),
        points numeric(7, 2) NOT NULL CHECK (points > 0),
        options jsonb NOT NULL DEFAULT '[]',
        answer_key jsonb NOT NULL DEFAULT '{}',
        -- Removed from the bank but kept for the attempts that drew it.
        archived boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX quiz_questions_bank_idx ON quiz_questions (quiz_group_id, "order") WHERE NOT archived`);
    await q.query(`
      CREATE TABLE quiz_sessions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        quiz_group_id bigint NOT NULL REFERENCES quiz_groups (id) ON DELETE CASCADE,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        attempt_number integer NOT NULL CHECK (attempt_number >= 1),
        question_ids bigint[] NOT NULL,
        option_orders jsonb NOT NULL DEFAULT '{}',
        started_at timestamptz NOT NULL DEFAULT now(),
        deadline_at timestamptz,
        submitted_at timestamptz,
        score numeric(9, 2),
        max_score numeric(9, 2),
        UNIQUE (quiz_group_id, cohort_id, user_id, attempt_number)
      )`);
    // At most one attempt under way per student, quiz and cohort, whatever the number of tabs.
    await q.query(
      `CREATE UNIQUE INDEX quiz_sessions_one_open_idx ON quiz_sessions (quiz_group_id, cohort_id, user_id) WHERE submitted_at IS NULL`,
    );
    await q.query(`CREATE INDEX quiz_sessions_cohort_idx ON quiz_sessions (cohort_id, quiz_group_id)`);
    await q.query(`
      CREATE TABLE quiz_answers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        session_id bigint NOT NULL REFERENCES quiz_sessions (id) ON DELETE CASCADE,
        question_id bigint NOT NULL REFERENCES quiz_questions (id) ON DELETE CASCADE,
        answer jsonb NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        points numeric(7, 2),
        graded_at timestamptz,
        UNIQUE (session_id, question_id)
      )`);
    await q.query(`CREATE INDEX quiz_answers_question_idx ON quiz_answers (question_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quiz_answers`);
    await q.query(`DROP TABLE quiz_sessions`);
    await q.query(`DROP TABLE quiz_questions`);
    await q.query(`DROP TABLE quiz_groups`);
  }
}

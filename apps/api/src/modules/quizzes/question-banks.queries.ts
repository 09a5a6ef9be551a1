import type { QuestionKind } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import type { AnswerKey, QuestionRecord } from './quiz-authoring.queries';

/** SQL of the question banks a course's quizzes share, and of the draws a quiz makes from them. */

const MAY_TEACH = `($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci JOIN cohort_courses cc ON cc.cohort_id = ci.cohort_id
                                            WHERE ci.user_id = $2 AND cc.course_id = co.id))`;

/** A course the user may author for: admins any, instructors those of cohorts they teach. */
export function authoredCourse(q: Sql, courseIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{ id: string; id_slug: string; title: string }>(
    q,
    `SELECT co.id, co.id_slug, co.title FROM courses co WHERE co.id_slug = $1 AND ${MAY_TEACH}`,
    [courseIdSlug, userId, isAdmin],
  );
}

/** A bank the user may author (by its course). */
export function authoredBank(q: Sql, bankIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{ id: string; course_id: string }>(
    q,
    `SELECT b.id, b.course_id FROM question_banks b JOIN courses co ON co.id = b.course_id WHERE b.id_slug = $1 AND ${MAY_TEACH}`,
    [bankIdSlug, userId, isAdmin],
  );
}

export function courseBanks(q: Sql, courseId: string) {
  return rows<{ id_slug: string; title: string; total_questions: number; quizzes: number }>(
    q,
    `SELECT b.id_slug, b.title,
            (SELECT count(*) FROM quiz_questions qq WHERE qq.bank_id = b.id AND NOT qq.archived)::int AS total_questions,
            (SELECT count(*) FROM quiz_bank_draws d WHERE d.bank_id = b.id)::int AS quizzes
       FROM question_banks b WHERE b.course_id = $1 ORDER BY b.title, b.id`,
    [courseId],
  );
}

export async function insertBank(q: Sql, courseId: string, title: string): Promise<string> {
  return (await one<{ id_slug: string }>(q, `INSERT INTO question_banks (course_id, title) VALUES ($1, $2) RETURNING id_slug`, [
    courseId,
    title,
  ]))!.id_slug;
}

/** Locks a bank's row for the caller's transaction, so writes to its questions (a save, an import) take turns. */
export async function lockBank(q: Sql, bankId: string): Promise<void> {
  await exec(q, `SELECT 1 FROM question_banks WHERE id = $1 FOR NO KEY UPDATE`, [bankId]);
}

export function readBank(q: Sql, bankId: string) {
  return one<{
    id_slug: string;
    title: string;
    course_id_slug: string;
    course_title: string;
    questions: {
      id_slug: string;
      kind: QuestionKind;
      prompt: string;
      points: number;
      options: { key: string; text: string; is_correct: boolean }[];
      answer_key: AnswerKey;
    }[];
  }>(
    q,
    `SELECT b.id_slug, b.title, co.id_slug AS course_id_slug, co.title AS course_title,
            coalesce((SELECT json_agg(json_build_object('id_slug', qq.id_slug, 'kind', qq.kind, 'prompt', qq.prompt,
                                                        'points', qq.points::float8, 'options', qq.options, 'answer_key', qq.answer_key)
                                      ORDER BY qq."order", qq.id)
                        FROM quiz_questions qq WHERE qq.bank_id = b.id AND NOT qq.archived), '[]') AS questions
       FROM question_banks b JOIN courses co ON co.id = b.course_id WHERE b.id = $1`,
    [bankId],
  );
}

/**
 * Writes a bank's title and questions in one statement, as `writeBank` does for a quiz's own:
 * listed questions updated or inserted, the others archived. Answers how many listed ids matched.
 */
export async function writeSharedBank(q: Sql, bankId: string, title: string, questions: QuestionRecord[]): Promise<{ matched: number }> {
  return (await one<{ matched: number }>(
    q,
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS x(id_slug text, ord int, kind text, prompt text, points numeric, options jsonb, answer_key jsonb)
     ),
     titled AS (UPDATE question_banks SET title = $3 WHERE id = $1 RETURNING 1),
     archived AS (
       UPDATE quiz_questions qq SET archived = true
        WHERE qq.bank_id = $1 AND NOT qq.archived AND qq.id_slug NOT IN (SELECT id_slug FROM x WHERE id_slug IS NOT NULL)
       RETURNING qq.id
     ),
     updated AS (
       UPDATE quiz_questions qq SET "order" = x.ord, kind = x.kind, prompt = x.prompt, points = x.points,
              options = x.options, answer_key = x.answer_key, archived = false
         FROM x WHERE qq.id_slug = x.id_slug AND qq.bank_id = $1
       RETURNING qq.id
     ),
     inserted AS (
       INSERT INTO quiz_questions (bank_id, "order", kind, prompt, points, options, answer_key)
       SELECT $1, x.ord, x.kind, x.prompt, x.points, x.options, x.answer_key FROM x WHERE x.id_slug IS NULL
       RETURNING id
     )
     SELECT (SELECT count(*) FROM updated)::int AS matched`,
    [bankId, JSON.stringify(questions), title],
  ))!;
}

/**
 * Replaces a quiz's draws from shared banks; only banks of the quiz's own course count. Answers how
 * many of the listed banks matched.
 */
export async function setBankDraws(
  q: Sql,
  groupId: string,
  courseId: string,
  draws: { bank_id_slug: string; draw_count: number }[],
): Promise<number> {
  await exec(q, `DELETE FROM quiz_bank_draws WHERE quiz_group_id = $1`, [groupId]);
  const row = await one<{ n: number }>(
    q,
    `WITH ins AS (
       INSERT INTO quiz_bank_draws (quiz_group_id, bank_id, draw_count, "order")
       SELECT $1, b.id, x.draw_count, x.ord
         FROM jsonb_to_recordset($3::jsonb) AS x(bank_id_slug text, draw_count int, ord int)
         JOIN question_banks b ON b.id_slug = x.bank_id_slug AND b.course_id = $2
       RETURNING 1
     ) SELECT count(*)::int AS n FROM ins`,
    [groupId, courseId, JSON.stringify(draws.map((d, ord) => ({ ...d, ord })))],
  );
  return row!.n;
}

/** A quiz's draws, as its authors see them. */
export function bankDrawsOf(q: Sql, groupId: string) {
  return rows<{ bank_id_slug: string; title: string; draw_count: number; total_questions: number }>(
    q,
    `SELECT b.id_slug AS bank_id_slug, b.title, d.draw_count,
            (SELECT count(*) FROM quiz_questions qq WHERE qq.bank_id = b.id AND NOT qq.archived)::int AS total_questions
       FROM quiz_bank_draws d JOIN question_banks b ON b.id = d.bank_id WHERE d.quiz_group_id = $1 ORDER BY d."order", b.id`,
    [groupId],
  );
}

/** What a start draws from shared banks: each draw's count and its bank's questions in order. */
export function sharedDraws(q: Sql, groupId: string) {
  return rows<{ draw_count: number; questions: { id: string; id_slug: string; option_keys: string[] }[] }>(
    q,
    `SELECT d.draw_count,
            coalesce((SELECT json_agg(json_build_object('id', qq.id::text, 'id_slug', qq.id_slug,
                                                        'option_keys', (SELECT coalesce(json_agg(o->>'key'), '[]') FROM jsonb_array_elements(qq.options) o))
                                      ORDER BY qq."order", qq.id)
                        FROM quiz_questions qq WHERE qq.bank_id = d.bank_id AND NOT qq.archived), '[]') AS questions
       FROM quiz_bank_draws d WHERE d.quiz_group_id = $1 ORDER BY d."order", d.bank_id`,
    [groupId],
  );
}

/** The questions of shared banks by id_slug (for the admin preview of a draw). */
export function bankQuestions(q: Sql, idSlugs: string[]) {
  return rows<{
    id_slug: string;
    kind: QuestionKind;
    prompt: string;
    points: number;
    options: { key: string; text: string; is_correct: boolean }[];
    answer_key: AnswerKey;
  }>(
    q,
    `SELECT id_slug, kind, prompt, points::float8 AS points, options, answer_key FROM quiz_questions WHERE id_slug = ANY ($1::text[])`,
    [idSlugs],
  );
}

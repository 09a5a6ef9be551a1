import type { QuestionKind } from '@school/contracts';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { exec, one, preparedRows, rows, type Sql } from '../../common/sql/db';
import type { AnswerKey } from './quiz-authoring.queries';

/**
 * Autosave: $1 session id_slug, $2 user id, $3 the answers as JSON `[{question_id_slug, answer}]`.
 * Writes only to the user's own attempt while it is open and before its deadline, and only when
 * every answer is one of the attempt's questions in the shape its kind takes (all or none). The
 * session row is share-locked, so a submission waits for a save under way and a save after a
 * submission finds the attempt closed. One row: how many sessions matched, answers given and saved.
 */
export const SAVE_ANSWERS_SQL = `
WITH s AS (
  SELECT s.id, s.question_ids FROM quiz_sessions s
   WHERE s.id_slug = $1 AND s.user_id = $2 AND s.submitted_at IS NULL AND (s.deadline_at IS NULL OR s.deadline_at > now())
   FOR SHARE
),
x AS (
  SELECT a.question_id_slug, coalesce(a.answer, 'null'::jsonb) AS answer
    FROM jsonb_to_recordset($3::jsonb) AS a(question_id_slug text, answer jsonb)
),
v AS (
  SELECT s.id AS session_id, q.id AS question_id, x.answer
    FROM s CROSS JOIN x JOIN quiz_questions q ON q.id_slug = x.question_id_slug AND q.id = ANY (s.question_ids)
   WHERE jsonb_typeof(x.answer) = 'null' OR jsonb_typeof(x.answer) = CASE q.kind
           WHEN 'MULTIPLE_CHOICE' THEN 'array' WHEN 'TRUE_FALSE' THEN 'boolean' WHEN 'NUMERIC' THEN 'number' ELSE 'string' END
),
up AS (
  INSERT INTO quiz_answers (session_id, question_id, answer)
  SELECT session_id, question_id, answer FROM v WHERE (SELECT count(*) FROM v) = (SELECT count(*) FROM x)
  ON CONFLICT (session_id, question_id) DO UPDATE SET answer = excluded.answer, saved_at = now()
  RETURNING 1
)
SELECT (SELECT count(*) FROM s)::int AS open, (SELECT count(*) FROM x)::int AS given, (SELECT count(*) FROM up)::int AS saved`;

/**
 * Runs the autosave as a named prepared statement (on the API's request pool, or one connection of the
 * benchmark ceiling's): the most frequent write of a quiz, planned once per connection.
 */
export async function saveAnswers(
  on: DataSource | pg.ClientBase,
  sessionIdSlug: string,
  userId: string,
  answers: { question_id_slug: string; answer: unknown }[],
): Promise<{ open: number; given: number; saved: number }> {
  const [res] = await preparedRows<{ open: number; given: number; saved: number }>(on, 'quizzes.save-answers', SAVE_ANSWERS_SQL, [
    sessionIdSlug,
    userId,
    JSON.stringify(answers),
  ]);
  return res;
}

/** Why an attempt takes no answers: none (not the user's), submitted, or past its deadline. */
export function sessionState(q: Sql, sessionIdSlug: string, userId: string) {
  return one<{ submitted: boolean; expired: boolean }>(
    q,
    `SELECT submitted_at IS NOT NULL AS submitted, coalesce(deadline_at <= now(), false) AS expired
       FROM quiz_sessions WHERE id_slug = $1 AND user_id = $2`,
    [sessionIdSlug, userId],
  );
}

export interface LockedSession {
  id: string;
  id_slug: string;
  quiz_group_id: string;
  cohort_id: string;
  user_id: string;
  submitted: boolean;
  due: boolean;
  /** Not due, and not about to be: its deadline moved later (or went), and a job waits at the new one. */
  moved_later: boolean;
}

/** Locks an attempt for its submission: $1 id_slug, $2 the user (null: any, for the deadline job). */
export function lockSession(q: Sql, sessionIdSlug: string, userId: string | null) {
  return one<LockedSession>(
    q,
    `SELECT id, id_slug, quiz_group_id, cohort_id, user_id, submitted_at IS NOT NULL AS submitted,
            coalesce(deadline_at <= now(), false) AS due, coalesce(deadline_at > now() + interval '1 minute', true) AS moved_later
       FROM quiz_sessions WHERE id_slug = $1 AND ($2::bigint IS NULL OR user_id = $2) FOR UPDATE`,
    [sessionIdSlug, userId],
  );
}

/** The attempt's questions with their keys and the answers given, in the attempt's order. */
export function questionsToScore(q: Sql, sessionId: string) {
  return rows<{
    question_id: string;
    kind: QuestionKind;
    points: number;
    options: { key: string; is_correct: boolean }[];
    answer_key: AnswerKey;
    answer_id: string | null;
    answer: unknown;
  }>(
    q,
    `SELECT qq.id AS question_id, qq.kind, qq.points::float8 AS points, qq.options, qq.answer_key, a.id AS answer_id, a.answer
       FROM quiz_sessions s
       CROSS JOIN LATERAL unnest(s.question_ids) WITH ORDINALITY u(qid, ord)
       JOIN quiz_questions qq ON qq.id = u.qid
       LEFT JOIN quiz_answers a ON a.session_id = s.id AND a.question_id = qq.id
      WHERE s.id = $1 ORDER BY u.ord`,
    [sessionId],
  );
}

/** Records the points of each answer (null: waits for a person), the attempt's score, and closes it. */
export async function recordSubmission(
  q: Sql,
  sessionId: string,
  answerIds: string[],
  points: (number | null)[],
  score: number,
  maxScore: number,
) {
  if (answerIds.length)
    await exec(
      q,
      `UPDATE quiz_answers a SET points = x.points, graded_at = CASE WHEN x.points IS NULL THEN NULL ELSE now() END
         FROM unnest($1::bigint[], $2::numeric[]) AS x(id, points) WHERE a.id = x.id`,
      [answerIds, points],
    );
  await exec(q, `UPDATE quiz_sessions SET submitted_at = now(), score = $2, max_score = $3 WHERE id = $1`, [sessionId, score, maxScore]);
}

/**
 * The grade item of a student's quiz in a cohort, from their submitted attempts: the best
 * percentage; SUBMITTED while a free-text answer waits for grading, else GRADED. The quiz lesson
 * counts as completed. Answers the grade.
 */
export async function recomputeGrade(q: Sql, groupId: string, cohortId: string, userId: string) {
  await exec(
    q,
    `INSERT INTO lesson_completions (user_id, cohort_id, lesson_id)
     SELECT $3, $2, g.lesson_id FROM quiz_groups g WHERE g.id = $1 ON CONFLICT DO NOTHING`,
    [groupId, cohortId, userId],
  );
  return one<{ user_grade: number | null; user_submission_status: 'PENDING' | 'SUBMITTED' | 'GRADED' }>(
    q,
    `WITH best AS (
       SELECT max(CASE WHEN s.max_score > 0 THEN round(100 * s.score / s.max_score, 2) ELSE 0 END) AS pct,
              bool_or(EXISTS (SELECT 1 FROM quiz_answers a JOIN quiz_questions qq ON qq.id = a.question_id
                               WHERE a.session_id = s.id AND qq.kind = 'FREE_TEXT' AND a.points IS NULL)) AS waiting
         FROM quiz_sessions s
        WHERE s.quiz_group_id = $1 AND s.cohort_id = $2 AND s.user_id = $3 AND s.submitted_at IS NOT NULL
     )
     INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status)
     SELECT cg.id, $3, b.pct, CASE WHEN b.waiting THEN 'SUBMITTED' ELSE 'GRADED' END
       FROM quiz_groups g JOIN cohort_grades cg ON cg.lesson_id = g.lesson_id AND cg.cohort_id = $2 CROSS JOIN best b
      WHERE g.id = $1 AND b.pct IS NOT NULL
     ON CONFLICT (cohort_grade_id, user_id) DO UPDATE
       SET user_grade = excluded.user_grade, user_submission_status = excluded.user_submission_status, modified_date = now()
     RETURNING user_grade::float8 AS user_grade, user_submission_status`,
    [groupId, cohortId, userId],
  );
}

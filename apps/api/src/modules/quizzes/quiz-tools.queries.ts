import type { QuestionKind } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import type { AnswerKey, QuestionRecord } from './quiz-authoring.queries';

/**
 * The SQL of the assessment tools beside authoring: import (appending to a bank), regrading
 * submitted attempts, and per-question analytics.
 */

/** A lesson's quiz group, created with the default settings when it has none yet. */
export async function ensureQuizGroup(q: Sql, lessonId: string): Promise<{ id: string }> {
  await exec(q, `INSERT INTO quiz_groups (lesson_id) VALUES ($1) ON CONFLICT (lesson_id) DO NOTHING`, [lessonId]);
  return (await one<{ id: string }>(q, `SELECT id FROM quiz_groups WHERE lesson_id = $1 FOR NO KEY UPDATE`, [lessonId]))!;
}

/**
 * Adds questions after the last one of a quiz's own bank or of a shared bank, in one statement;
 * answers the bank's size after it.
 */
export async function appendQuestions(
  q: Sql,
  owner: { groupId: string } | { bankId: string },
  questions: Omit<QuestionRecord, 'id_slug'>[],
): Promise<number> {
  const [column, id] = 'groupId' in owner ? ['quiz_group_id', owner.groupId] : ['bank_id', owner.bankId];
  const row = await one<{ total: number }>(
    q,
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(ord int, kind text, prompt text, points numeric, options jsonb, answer_key jsonb)
     ),
     base AS (SELECT coalesce(max("order") + 1, 0) AS n FROM quiz_questions WHERE ${column} = $1 AND NOT archived),
     inserted AS (
       INSERT INTO quiz_questions (${column}, "order", kind, prompt, points, options, answer_key)
       SELECT $1, base.n + x.ord, x.kind, x.prompt, x.points, x.options, x.answer_key FROM x CROSS JOIN base
       RETURNING 1
     )
     SELECT ((SELECT count(*) FROM quiz_questions WHERE ${column} = $1 AND NOT archived) + (SELECT count(*) FROM inserted))::int AS total`,
    [id, JSON.stringify(questions)],
  );
  return row!.total;
}

export interface RegradeSession {
  id: string;
  quiz_group_id: string;
  id_slug: string;
  attempt_number: number;
  cohort_id: string;
  cohort_id_slug: string;
  cohort_title: string;
  lesson_title: string;
  user_id: string;
  student: { id_slug: string; first_name: string; last_name: string; email: string };
  score: number;
  max_score: number;
  results_visible: boolean;
  questions: {
    id_slug: string;
    kind: QuestionKind;
    points: number;
    options: { key: string; is_correct: boolean }[];
    answer_key: AnswerKey;
    answer_id: string | null;
    answer: unknown;
    awarded: number | null;
  }[];
}

/** Whose attempts a regrade reads: one quiz's, or those of every quiz that drew a question of a shared bank. */
export type RegradeScope = { groupId: string } | { bankId: string };

/**
 * Every submitted attempt of a quiz (all cohorts), or every submitted attempt that drew a question
 * of a shared bank (any quiz of its course), with its questions, keys, answers and points, in one
 * statement; `lock` locks the attempts (a regrade), so a hand grading waits for it.
 */
export function submittedAttempts(q: Sql, scope: RegradeScope, lock: boolean) {
  const where =
    'groupId' in scope
      ? 's.quiz_group_id = $1'
      : `s.quiz_group_id IN (SELECT qg.id FROM question_banks qb JOIN modules m ON m.course_id = qb.course_id
                               JOIN lessons ql ON ql.module_id = m.id JOIN quiz_groups qg ON qg.lesson_id = ql.id WHERE qb.id = $1)
         AND s.question_ids && ARRAY(SELECT b.id FROM quiz_questions b WHERE b.bank_id = $1)`;
  return rows<RegradeSession>(
    q,
    `SELECT s.id, s.quiz_group_id, s.id_slug, s.attempt_number, s.cohort_id, c.id_slug AS cohort_id_slug, c.title AS cohort_title, l.title AS lesson_title,
            s.user_id, json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email) AS student,
            coalesce(s.score, 0)::float8 AS score, coalesce(s.max_score, 0)::float8 AS max_score,
            coalesce(coalesce(cg.result_open_datetime, c.result_open_date) <= now(), true) AS results_visible,
            coalesce((SELECT json_agg(json_build_object('id_slug', qq.id_slug, 'kind', qq.kind, 'points', qq.points::float8,
                                                        'options', qq.options, 'answer_key', qq.answer_key, 'answer_id', a.id,
                                                        'answer', a.answer, 'awarded', a.points::float8) ORDER BY u2.ord)
                        FROM unnest(s.question_ids) WITH ORDINALITY u2(qid, ord)
                        JOIN quiz_questions qq ON qq.id = u2.qid
                        LEFT JOIN quiz_answers a ON a.session_id = s.id AND a.question_id = qq.id), '[]') AS questions
       FROM quiz_sessions s
       JOIN quiz_groups g ON g.id = s.quiz_group_id
       JOIN lessons l ON l.id = g.lesson_id
       JOIN cohorts c ON c.id = s.cohort_id
       JOIN users u ON u.id = s.user_id
       LEFT JOIN cohort_grades cg ON cg.cohort_id = c.id AND cg.lesson_id = l.id
      WHERE ${where} AND s.submitted_at IS NOT NULL
      ORDER BY l.title, c.title, u.last_name, u.first_name, s.attempt_number
      ${lock ? 'FOR NO KEY UPDATE OF s' : ''}`,
    ['groupId' in scope ? scope.groupId : scope.bankId],
  );
}

/** Writes regraded points (answers) and scores (attempts) in two set-based statements. */
export async function writeRegrade(
  q: Sql,
  answers: { id: string; points: number }[],
  sessions: { id: string; score: number; max_score: number }[],
): Promise<void> {
  if (answers.length)
    await exec(
      q,
      `UPDATE quiz_answers a SET points = x.points, graded_at = now()
         FROM unnest($1::bigint[], $2::numeric[]) AS x(id, points) WHERE a.id = x.id`,
      [answers.map((a) => a.id), answers.map((a) => a.points)],
    );
  if (sessions.length)
    await exec(
      q,
      `UPDATE quiz_sessions s SET score = x.score, max_score = x.max_score
         FROM unnest($1::bigint[], $2::numeric[], $3::numeric[]) AS x(id, score, max_score) WHERE s.id = x.id`,
      [sessions.map((s) => s.id), sessions.map((s) => s.score), sessions.map((s) => s.max_score)],
    );
}

/** The cohorts of a quiz's course the user may see analytics of: admins all, instructors those they teach. */
export interface AnalyticsRow {
  lesson_title: string;
  submitted_attempts: number;
  cohorts: { id_slug: string; title: string }[];
  questions: {
    id_slug: string;
    kind: QuestionKind;
    prompt: string;
    archived: boolean;
    attempts: number;
    facility: number | null;
    discrimination: number | null;
    options: { key: string; text: string; is_correct: boolean; chosen: number }[];
    average_seconds: number | null;
  }[];
}

/**
 * Per-question analytics of a lesson's quiz in one statement, over the submitted attempts of the
 * cohorts the user may see ($3 admin, else those $4 teaches), optionally one cohort ($2 id_slug).
 * A question's score is its points over its maximum (an unanswered question scores 0; free text not
 * yet graded is left out). Facility: the mean of that score. Discrimination: its correlation with the
 * rest of the attempt's score (point-biserial for all-or-nothing questions). Time: from the
 * attempt's previous answer save (or its start) to this answer's last save.
 */
export function quizAnalytics(q: Sql, lessonId: string, cohortIdSlug: string | null, isAdmin: boolean, userId: string) {
  return one<AnalyticsRow>(
    q,
    `WITH lesson AS (
       SELECT l.id, l.title, m.course_id, g.id AS group_id
         FROM lessons l JOIN modules m ON m.id = l.module_id LEFT JOIN quiz_groups g ON g.lesson_id = l.id
        WHERE l.id = $1
     ),
     visible AS (
       SELECT c.id, c.id_slug, c.title FROM cohorts c JOIN cohort_courses cc ON cc.cohort_id = c.id JOIN lesson ON lesson.course_id = cc.course_id
        WHERE $3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = c.id AND ci.user_id = $4)
     ),
     s AS (
       SELECT s.id, s.score::float8 AS total, s.started_at, s.question_ids
         FROM quiz_sessions s JOIN lesson ON s.quiz_group_id = lesson.group_id JOIN visible v ON v.id = s.cohort_id
        WHERE s.submitted_at IS NOT NULL AND ($2::text IS NULL OR v.id_slug = $2)
     ),
     items AS (
       SELECT s.id AS session_id, s.total, u.qid AS question_id, qq.points::float8 AS max_points, a.answer,
              CASE WHEN a.id IS NULL THEN 0 ELSE a.points::float8 END AS points,
              extract(epoch FROM a.saved_at - coalesce(lag(a.saved_at) OVER (PARTITION BY s.id ORDER BY a.saved_at NULLS LAST), s.started_at))::float8 AS seconds
         FROM s CROSS JOIN LATERAL unnest(s.question_ids) u(qid)
         JOIN quiz_questions qq ON qq.id = u.qid
         LEFT JOIN quiz_answers a ON a.session_id = s.id AND a.question_id = u.qid
     ),
     per_question AS (
       SELECT question_id, count(*)::int AS attempts,
              avg(points / nullif(max_points, 0)) AS facility,
              corr(points / nullif(max_points, 0), total - points) AS discrimination,
              avg(seconds) FILTER (WHERE seconds >= 0) AS average_seconds
         FROM items GROUP BY question_id
     )
     SELECT lesson.title AS lesson_title,
            (SELECT count(*) FROM s)::int AS submitted_attempts,
            coalesce((SELECT json_agg(json_build_object('id_slug', v.id_slug, 'title', v.title) ORDER BY v.title) FROM visible v), '[]') AS cohorts,
            coalesce((SELECT json_agg(json_build_object(
                        'id_slug', qq.id_slug, 'kind', qq.kind, 'prompt', qq.prompt, 'archived', qq.archived,
                        'attempts', coalesce(pq.attempts, 0), 'facility', round(pq.facility::numeric, 4)::float8,
                        'discrimination', round(pq.discrimination::numeric, 4)::float8,
                        'average_seconds', round(pq.average_seconds::numeric, 1)::float8,
                        'options', coalesce((
                          SELECT json_agg(json_build_object(
                                   'key', o->>'key', 'text', o->>'text', 'is_correct', coalesce((o->>'is_correct')::boolean, false),
                                   'chosen', (SELECT count(*) FROM items i WHERE i.question_id = qq.id
                                                AND (i.answer #>> '{}' = o->>'key'
                                                     OR (jsonb_typeof(i.answer) = 'array' AND i.answer ? (o->>'key'))))) ORDER BY e.ord)
                            FROM jsonb_array_elements(CASE WHEN qq.kind = 'TRUE_FALSE'
                                   THEN jsonb_build_array(
                                          jsonb_build_object('key', 'true', 'text', 'True', 'is_correct', qq.answer_key->'correct_boolean' = 'true'::jsonb),
                                          jsonb_build_object('key', 'false', 'text', 'False', 'is_correct', qq.answer_key->'correct_boolean' = 'false'::jsonb))
                                   ELSE qq.options END) WITH ORDINALITY e(o, ord)), '[]'))
                      ORDER BY qq.archived, qq.bank_id NULLS FIRST, qq."order", qq.id)
                        -- The quiz's own bank, and every question an attempt drew (removed ones, shared banks').
                        FROM quiz_questions qq LEFT JOIN per_question pq ON pq.question_id = qq.id
                       WHERE qq.id IN (SELECT id FROM quiz_questions WHERE quiz_group_id = lesson.group_id AND NOT archived
                                       UNION SELECT question_id FROM per_question)), '[]') AS questions
       FROM lesson`,
    [lessonId, cohortIdSlug, isAdmin, userId],
  );
}

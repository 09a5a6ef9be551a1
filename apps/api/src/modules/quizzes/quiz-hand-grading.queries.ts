import type { QuestionKind } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';

/** A quiz grade item the user may grade: admins any, instructors those of cohorts they teach. */
export function gradableItem(q: Sql, gradeIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{ cohort_id: string; group_id: string }>(
    q,
    `SELECT cg.cohort_id, g.id AS group_id
       FROM cohort_grades cg JOIN quiz_groups g ON g.lesson_id = cg.lesson_id
      WHERE cg.id_slug = $1
        AND ($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = cg.cohort_id AND ci.user_id = $2))`,
    [gradeIdSlug, userId, isAdmin],
  );
}

/** The free-text answers of the submitted attempts of a quiz in a cohort, oldest submission first. */
export function freeTextAnswers(q: Sql, groupId: string, cohortId: string, ungradedOnly: boolean) {
  return rows<{
    answer_id_slug: string;
    session_id_slug: string;
    attempt_number: number;
    student: { id_slug: string; first_name: string; last_name: string; email: string };
    question_id_slug: string;
    prompt: string;
    max_points: number;
    answer: string;
    points: number | null;
    comment: string;
    graded_at: Date | null;
    submitted_at: Date;
  }>(
    q,
    `SELECT a.id_slug AS answer_id_slug, s.id_slug AS session_id_slug, s.attempt_number,
            json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email) AS student,
            qq.id_slug AS question_id_slug, qq.prompt, qq.points::float8 AS max_points, a.answer #>> '{}' AS answer,
            a.points::float8 AS points, a.grader_comment AS comment, a.graded_at, s.submitted_at
       FROM quiz_sessions s
       JOIN quiz_answers a ON a.session_id = s.id
       JOIN quiz_questions qq ON qq.id = a.question_id
       JOIN users u ON u.id = s.user_id
      WHERE s.quiz_group_id = $1 AND s.cohort_id = $2 AND s.submitted_at IS NOT NULL
        AND qq.kind = 'FREE_TEXT' AND jsonb_typeof(a.answer) = 'string' AND (NOT $3::boolean OR a.points IS NULL)
      ORDER BY s.submitted_at, s.id, qq.id`,
    [groupId, cohortId, ungradedOnly],
  );
}

/** A free-text answer to score, locking its attempt; none when the user may not grade it. */
export function lockAnswerToScore(q: Sql, answerIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{
    answer_id: string;
    session_id: string;
    quiz_group_id: string;
    cohort_id: string;
    user_id: string;
    kind: QuestionKind;
    max_points: number;
    submitted: boolean;
  }>(
    q,
    `SELECT a.id AS answer_id, s.id AS session_id, s.quiz_group_id, s.cohort_id, s.user_id, qq.kind,
            qq.points::float8 AS max_points, s.submitted_at IS NOT NULL AS submitted
       FROM quiz_answers a JOIN quiz_sessions s ON s.id = a.session_id JOIN quiz_questions qq ON qq.id = a.question_id
      WHERE a.id_slug = $1
        AND ($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = s.cohort_id AND ci.user_id = $2))
      FOR UPDATE OF s`,
    [answerIdSlug, userId, isAdmin],
  );
}

/** Scores one answer by hand (`comment` null keeps the saved one) and re-adds its attempt's score. Answers the attempt's score. */
export async function scoreAnswerByHand(q: Sql, answerId: string, sessionId: string, points: number, comment: string | null) {
  const saved = (await one<{ comment: string }>(
    q,
    `UPDATE quiz_answers SET points = $2, grader_comment = coalesce($3, grader_comment), graded_at = now() WHERE id = $1
     RETURNING grader_comment AS comment`,
    [answerId, points, comment],
  ))!;
  const session = (await one<{ score: number; max_score: number }>(
    q,
    `UPDATE quiz_sessions s SET score = coalesce((SELECT sum(a.points) FROM quiz_answers a WHERE a.session_id = s.id), 0)
      WHERE s.id = $1 RETURNING s.score::float8 AS score, s.max_score::float8 AS max_score`,
    [sessionId],
  ))!;
  return { ...session, comment: saved.comment };
}

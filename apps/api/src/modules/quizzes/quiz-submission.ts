import type { Sql } from '../../common/sql/db';
import { scoreAnswer } from './quiz-scoring';
import { lockSession, questionsToScore, recomputeGrade, recordSubmission } from './quiz-answers.queries';

/**
 * Scores an attempt locked by the caller's transaction and closes it: each answer's points (free
 * text waits for a person unless left blank), the attempt's score, the grade item and the lesson's
 * completion. Shared by the API and the benchmark's ceiling, so both run the same statements.
 */
export async function scoreAndClose(q: Sql, s: { id: string; quiz_group_id: string; cohort_id: string; user_id: string }): Promise<void> {
  const questions = await questionsToScore(q, s.id);
  const ids: string[] = [];
  const points: (number | null)[] = [];
  let score = 0;
  let max = 0;
  for (const question of questions) {
    max += question.points;
    const a = question.answer;
    const blank = a === null || a === undefined || (typeof a === 'string' && !a.trim());
    const key = question.answer_key;
    const p =
      question.kind === 'FREE_TEXT' && blank
        ? 0
        : scoreAnswer(
            {
              kind: question.kind,
              points: question.points,
              options: question.options,
              correct_boolean: key.correct_boolean ?? null,
              correct_number: key.correct_number ?? null,
              tolerance: key.tolerance ?? null,
              accepted_answers: key.accepted_answers ?? [],
            },
            a,
          );
    score += p ?? 0;
    if (question.answer_id) {
      ids.push(question.answer_id);
      points.push(p);
    }
  }
  await recordSubmission(q, s.id, ids, points, score, max);
  await recomputeGrade(q, s.quiz_group_id, s.cohort_id, s.user_id);
}

/**
 * Locks, scores and closes an attempt in the caller's transaction; false when there is no such
 * attempt of the user. `onSubmitted` runs in the same transaction with the attempt's cohort when
 * this call closed it (its lesson completed and its grade changed).
 */
export async function submitAttempt(
  q: Sql,
  sessionIdSlug: string,
  userId: string | null,
  onSubmitted?: (cohortId: string) => Promise<void>,
): Promise<boolean> {
  const s = await lockSession(q, sessionIdSlug, userId);
  if (!s) return false;
  if (!s.submitted) {
    await scoreAndClose(q, s);
    await onSubmitted?.(s.cohort_id);
  }
  return true;
}

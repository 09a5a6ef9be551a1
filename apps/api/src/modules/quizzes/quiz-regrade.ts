import type { RegradeChange } from '@school/contracts';
import type { RegradeSession } from './quiz-tools.queries';
import { scoreAnswer } from './quiz-scoring';
import type { AnswerKey } from './quiz-authoring.queries';

/** A question's key and points as a regrade applies them, by question id_slug. */
export interface KeyOfQuestion {
  points: number;
  options: { key: string; is_correct: boolean }[];
  answer_key: AnswerKey;
}

/** What a regrade does to one attempt: its new score and maximum, and the answers whose points change. */
export interface Rescored {
  session: RegradeSession;
  score: number;
  max_score: number;
  answers: { id: string; points: number }[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Scores a submitted attempt again with the given keys (a question not among them keeps its
 * stored key). Free text keeps the points a person gave it (a blank one stays 0); every other
 * answer is scored by the same rule as a submission.
 */
export function rescore(session: RegradeSession, keys: Map<string, KeyOfQuestion>): Rescored {
  let score = 0;
  let max = 0;
  const answers: { id: string; points: number }[] = [];
  for (const q of session.questions) {
    const key = keys.get(q.id_slug) ?? { points: q.points, options: q.options, answer_key: q.answer_key };
    max += key.points;
    if (q.kind === 'FREE_TEXT') {
      score += q.awarded ?? 0;
      continue;
    }
    const points =
      scoreAnswer(
        {
          kind: q.kind,
          points: key.points,
          options: key.options,
          correct_boolean: key.answer_key.correct_boolean ?? null,
          correct_number: key.answer_key.correct_number ?? null,
          tolerance: key.answer_key.tolerance ?? null,
          accepted_answers: key.answer_key.accepted_answers ?? [],
        },
        q.answer ?? null,
      ) ?? 0;
    score += points;
    if (q.answer_id && points !== q.awarded) answers.push({ id: q.answer_id, points });
  }
  return { session, score: round2(score), max_score: round2(max), answers };
}

/** Whether a rescored attempt differs from what its student was given. */
export const changed = (r: Rescored) => r.score !== r.session.score || r.max_score !== r.session.max_score || r.answers.length > 0;

/** A changed attempt as the admin's confirmation lists it. */
export function changeOf(r: Rescored): RegradeChange {
  const s = r.session;
  return {
    session_id_slug: s.id_slug,
    attempt_number: s.attempt_number,
    lesson_title: s.lesson_title,
    cohort_title: s.cohort_title,
    student: { id_slug: s.student.id_slug, first_name: s.student.first_name, last_name: s.student.last_name },
    max_score: s.max_score,
    old_score: s.score,
    new_score: r.score,
    new_max_score: r.max_score,
  };
}

import type { QuizAttempt } from '@school/contracts';
import type { SessionRow } from './quiz-session-view.queries';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * An attempt as its student sees it. While it is open: questions, options in the attempt's order
 * and the saved answers, never the key. Once submitted: nothing of the questions until the grade
 * item's result date (classmates may still be taking the quiz); from then on the score, the points
 * of each answer and the key.
 */
export function attemptView(row: SessionRow): QuizAttempt {
  const submitted = row.submitted_at !== null;
  const visible = row.results_visible;
  const percentage = visible && row.max_score ? Math.round((10_000 * (row.score ?? 0)) / row.max_score) / 100 : visible ? 0 : null;
  return {
    id_slug: row.id_slug,
    status: submitted ? 'SUBMITTED' : 'OPEN',
    attempt_number: row.attempt_number,
    attempts_allowed: row.attempts_allowed,
    lesson_id_slug: row.lesson_id_slug,
    lesson_title: row.lesson_title,
    cohort_id_slug: row.cohort_id_slug,
    course_id_slug: row.course_id_slug,
    started_at: iso(row.started_at)!,
    deadline_at: iso(row.deadline_at),
    submitted_at: iso(row.submitted_at),
    server_now: iso(row.server_now)!,
    time_limit_minutes: row.time_limit_minutes,
    result_open_datetime: iso(row.result_open_datetime),
    results_visible: visible,
    score: visible ? row.score : null,
    max_score: visible ? row.max_score : null,
    percentage,
    pass_mark_percentage: row.pass_mark_percentage,
    passed: visible && percentage !== null && row.pass_mark_percentage !== null ? percentage >= row.pass_mark_percentage : null,
    item_grade: visible ? row.item_grade : null,
    // Once handed in, the questions stay hidden until the result date (classmates may still be taking it).
    questions:
      submitted && !visible
        ? []
        : row.questions.map((q) => {
            const byKey = new Map(q.options.map((o) => [o.key, o]));
            const order = q.option_order ?? q.options.map((o) => o.key);
            return {
              id_slug: q.id_slug,
              kind: q.kind,
              prompt: q.prompt,
              points: q.points,
              options: order.filter((k) => byKey.has(k)).map((k) => ({ key: k, text: byKey.get(k)!.text })),
              answer: (q.answer ?? null) as QuizAttempt['questions'][number]['answer'],
              awarded_points: visible ? (q.awarded ?? (q.kind === 'FREE_TEXT' && q.answer !== null ? null : 0)) : null,
              grader_comment: visible && q.kind === 'FREE_TEXT' ? (q.grader_comment ?? '') : null,
              correct: visible
                ? {
                    option_keys: q.options.filter((o) => o.is_correct).map((o) => o.key),
                    boolean: q.answer_key.correct_boolean ?? null,
                    number: q.answer_key.correct_number ?? null,
                    tolerance: q.answer_key.tolerance ?? null,
                    accepted_answers: q.answer_key.accepted_answers ?? [],
                  }
                : null,
            };
          }),
  };
}

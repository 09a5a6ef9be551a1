import type { FreeTextAnswer } from '@school/contracts';

/** One submitted quiz attempt with its free-text answers, as the grading queue shows it. */
export interface QuizAttemptEntry {
  id_slug: string;
  attempt_number: number;
  student: FreeTextAnswer['student'];
  submitted_at: string;
  answers: FreeTextAnswer[];
  /** Free-text answers still without points. */
  waiting: number;
}

/**
 * The free-text answers grouped by attempt, attempts with answers waiting first, then in the
 * API's order (oldest hand-in first).
 */
export function quizAttempts(answers: readonly FreeTextAnswer[]): QuizAttemptEntry[] {
  const byId = new Map<string, QuizAttemptEntry>();
  for (const a of answers) {
    let entry = byId.get(a.session_id_slug);
    if (!entry) {
      entry = {
        id_slug: a.session_id_slug,
        attempt_number: a.attempt_number,
        student: a.student,
        submitted_at: a.submitted_at,
        answers: [],
        waiting: 0,
      };
      byId.set(a.session_id_slug, entry);
    }
    entry.answers.push(a);
    if (a.points === null) entry.waiting += 1;
  }
  const list = [...byId.values()];
  return [...list.filter((e) => e.waiting > 0), ...list.filter((e) => e.waiting === 0)];
}

/**
 * A score typed for an answer: null when it is not a number from 0 to the question's points with
 * at most two decimals (what the API stores; anything finer would be rounded there unseen).
 */
export function parsePoints(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 && n <= max ? n : null;
}

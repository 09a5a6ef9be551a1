import type { QuestionKind } from '@school/contracts';

/** A question's answer key as stored (quiz_questions.options and answer_key). */
export interface ScoredQuestion {
  kind: QuestionKind;
  points: number;
  options: { key: string; is_correct: boolean }[];
  correct_boolean: boolean | null;
  correct_number: number | null;
  tolerance: number | null;
  accepted_answers: string[];
}

/** Text compared case-insensitively, ignoring surrounding spaces and runs of spaces inside. */
export function normaliseText(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * The points an answer earns: all or nothing for every kind. Free text is graded by hand (null).
 * A missing answer, or one of the wrong shape, earns 0. A numeric answer is right within the
 * tolerance either side of the correct value (a tiny allowance absorbs binary rounding).
 */
export function scoreAnswer(q: ScoredQuestion, answer: unknown): number | null {
  if (q.kind === 'FREE_TEXT') return null;
  return isCorrect(q, answer) ? q.points : 0;
}

function isCorrect(q: ScoredQuestion, answer: unknown): boolean {
  if (answer === null || answer === undefined) return false;
  switch (q.kind) {
    case 'SINGLE_CHOICE': {
      const right = q.options.find((o) => o.is_correct);
      return typeof answer === 'string' && right !== undefined && right.key === answer;
    }
    case 'MULTIPLE_CHOICE': {
      if (!Array.isArray(answer)) return false;
      const chosen = new Set(answer as unknown[]);
      const right = new Set(q.options.filter((o) => o.is_correct).map((o) => o.key));
      return chosen.size === right.size && [...right].every((k) => chosen.has(k));
    }
    case 'TRUE_FALSE':
      return typeof answer === 'boolean' && answer === q.correct_boolean;
    case 'NUMERIC': {
      if (typeof answer !== 'number' || !Number.isFinite(answer) || q.correct_number === null) return false;
      const tolerance = Math.abs(q.tolerance ?? 0);
      return Math.abs(answer - q.correct_number) <= tolerance + 1e-9 * Math.max(1, Math.abs(q.correct_number));
    }
    case 'SHORT_TEXT': {
      if (typeof answer !== 'string') return false;
      const given = normaliseText(answer);
      return given.length > 0 && q.accepted_answers.some((a) => normaliseText(a) === given);
    }
    default:
      return false;
  }
}

/** Shuffles a copy (Fisher-Yates) with the given source of random numbers in [0, 1). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The questions of a new attempt: the quiz's own bank in order, the first `drawCount` of it (a
 * random draw, kept in the bank's order); then `draw_count` random questions of each shared bank it
 * draws from, in that bank's order; the whole shuffled when asked. Option orders are shuffled per
 * question when asked.
 */
export function drawQuestions(
  bank: { id: string; option_keys: string[] }[],
  settings: { shuffle_questions: boolean; shuffle_options: boolean; draw_count: number | null },
  random: () => number,
  shared: { draw_count: number; questions: { id: string; option_keys: string[] }[] }[] = [],
): { question_ids: string[]; option_orders: Record<string, string[]> } {
  let chosen = bank;
  if (settings.draw_count !== null && settings.draw_count < bank.length) {
    const picked = new Set(shuffled(bank, random).slice(0, settings.draw_count));
    chosen = bank.filter((q) => picked.has(q));
  }
  for (const draw of shared) {
    const picked = new Set(shuffled(draw.questions, random).slice(0, draw.draw_count));
    chosen = [...chosen, ...draw.questions.filter((q) => picked.has(q))];
  }
  if (settings.shuffle_questions) chosen = shuffled(chosen, random);
  const option_orders: Record<string, string[]> = {};
  for (const q of chosen)
    if (q.option_keys.length) option_orders[q.id] = settings.shuffle_options ? shuffled(q.option_keys, random) : q.option_keys;
  return { question_ids: chosen.map((q) => q.id), option_orders };
}

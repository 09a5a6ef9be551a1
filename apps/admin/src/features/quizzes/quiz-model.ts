import type { QuestionKind, QuizAuthoring, QuizQuestion, SaveQuiz } from '@school/contracts';

/** A question while it is edited; `key` identifies it before it has an id_slug. */
export interface DraftQuestion {
  key: string;
  id_slug?: string;
  kind: QuestionKind;
  prompt: string;
  points: string;
  options: { key: string; text: string; is_correct: boolean }[];
  correct_boolean: boolean | null;
  correct_number: string;
  tolerance: string;
  /** One accepted answer per line. */
  accepted_answers: string;
}

export interface DraftQuiz {
  time_limit_minutes: string;
  attempts_allowed: string;
  pass_mark_percentage: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: string;
  questions: DraftQuestion[];
}

export const newKey = () => Math.random().toString(36).slice(2, 10);

const text = (n: number | null) => (n === null ? '' : String(n));

export function toDraft(quiz: QuizAuthoring): DraftQuiz {
  return {
    time_limit_minutes: text(quiz.time_limit_minutes),
    attempts_allowed: String(quiz.attempts_allowed),
    pass_mark_percentage: text(quiz.pass_mark_percentage),
    shuffle_questions: quiz.shuffle_questions,
    shuffle_options: quiz.shuffle_options,
    draw_count: text(quiz.draw_count),
    questions: questionsToDraft(quiz.questions),
  };
}

/** Stored questions as the editor's drafts (a quiz's own bank or a shared bank). */
export function questionsToDraft(questions: QuizQuestion[]): DraftQuestion[] {
  return questions.map((q) => ({
    key: q.id_slug,
    id_slug: q.id_slug,
    kind: q.kind,
    prompt: q.prompt,
    points: String(q.points),
    options: q.options,
    correct_boolean: q.correct_boolean,
    correct_number: text(q.correct_number),
    tolerance: text(q.tolerance),
    accepted_answers: q.accepted_answers.join('\n'),
  }));
}

export function newQuestion(kind: QuestionKind): DraftQuestion {
  const choice = kind === 'SINGLE_CHOICE' || kind === 'MULTIPLE_CHOICE';
  return {
    key: newKey(),
    kind,
    prompt: '',
    points: '1',
    options: choice
      ? [
          { key: newKey(), text: '', is_correct: true },
          { key: newKey(), text: '', is_correct: false },
        ]
      : [],
    correct_boolean: kind === 'TRUE_FALSE' ? true : null,
    correct_number: '',
    tolerance: kind === 'NUMERIC' ? '0' : '',
    accepted_answers: '',
  };
}

/** Moves `activeKey` to where `overKey` is (drag and drop, or the keyboard). */
export function moveQuestion(questions: DraftQuestion[], activeKey: string, overKey: string): DraftQuestion[] {
  const from = questions.findIndex((q) => q.key === activeKey);
  const to = questions.findIndex((q) => q.key === overKey);
  if (from < 0 || to < 0 || from === to) return questions;
  const out = [...questions];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved);
  return out;
}

const num = (v: string): number | null => (v.trim() === '' ? null : Number(v.trim().replace(',', '.')));

/** The draft as the save call takes it (validated by the contracts' SaveQuizSchema). */
export function toPayload(d: DraftQuiz): SaveQuiz {
  return {
    time_limit_minutes: num(d.time_limit_minutes),
    attempts_allowed: num(d.attempts_allowed) ?? 1,
    pass_mark_percentage: num(d.pass_mark_percentage),
    shuffle_questions: d.shuffle_questions,
    shuffle_options: d.shuffle_options,
    draw_count: num(d.draw_count),
    questions: questionsToPayload(d.questions),
  };
}

/** Draft questions as a save takes them. */
export function questionsToPayload(questions: DraftQuestion[]): SaveQuiz['questions'] {
  return questions.map((q) => ({
    ...(q.id_slug ? { id_slug: q.id_slug } : {}),
    kind: q.kind,
    prompt: q.prompt,
    points: num(q.points) ?? 0,
    options: q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE' ? q.options : [],
    correct_boolean: q.kind === 'TRUE_FALSE' ? q.correct_boolean : null,
    correct_number: q.kind === 'NUMERIC' ? num(q.correct_number) : null,
    tolerance: q.kind === 'NUMERIC' ? (num(q.tolerance) ?? 0) : null,
    accepted_answers:
      q.kind === 'SHORT_TEXT'
        ? q.accepted_answers
            .split('\n')
            .map((a) => a.trim())
            .filter(Boolean)
        : [],
  }));
}
/** Validation issues by path (`questions.2.options`), turned into messages per field. */
export function issuesByPath(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    out[key] ??= i.message;
  }
  return out;
}

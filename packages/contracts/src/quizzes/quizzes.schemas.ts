import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../common/text';
import { LatePolicySchema, StudentExtensionSchema } from '../grading/grading.schemas';

/** The kinds of question a quiz bank holds; free text is graded by hand. */
export const QUESTION_KINDS = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'NUMERIC', 'SHORT_TEXT', 'FREE_TEXT'] as const;
export const QuestionKindSchema = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  SINGLE_CHOICE: 'Single choice',
  MULTIPLE_CHOICE: 'Multiple choice',
  TRUE_FALSE: 'True or false',
  NUMERIC: 'Numeric',
  SHORT_TEXT: 'Short text',
  FREE_TEXT: 'Free text (graded by hand)',
};

export const QUIZ_TIME_OVER_MESSAGE = 'The time for this quiz is over: answers can no longer be changed.';
export const QUIZ_SUBMITTED_MESSAGE = 'This attempt has been submitted: answers can no longer be changed.';
export const QUIZ_NOT_OPEN_MESSAGE = 'This quiz is not open.';
export const QUIZ_NO_ATTEMPTS_MESSAGE = 'You have used every attempt allowed at this quiz.';
export const QUIZ_NO_QUESTIONS_MESSAGE = 'This quiz has no questions yet.';
export const QUIZ_BAD_ANSWER_MESSAGE = 'That answer does not fit its question.';

const text = (max: number, field: string, multiline = false) =>
  z
    .string()
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((v) => !hasControlCharacter(v, multiline), { error: CONTROL_CHARACTER_MESSAGE });

export const QuizOptionSchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'Invalid option key' }),
  text: text(1000, 'Option text'),
  is_correct: z.boolean().default(false),
});
export type QuizOption = z.infer<typeof QuizOptionSchema>;

const finite = z.number().refine(Number.isFinite, { error: 'Must be a number' });

/** A question as authors write it, with its answer key. */
export const QuizQuestionInputSchema = z
  .strictObject({
    id_slug: IdSlugSchema.optional(),
    kind: QuestionKindSchema,
    prompt: text(5000, 'Question', true),
    points: z.number().positive({ error: 'Points must be more than 0' }).max(1000, { error: 'Points must be at most 1000' }),
    options: z.array(QuizOptionSchema).max(20, { error: 'At most 20 options' }).default([]),
    correct_boolean: z.boolean().nullable().default(null),
    correct_number: finite.nullable().default(null),
    tolerance: finite.min(0, { error: 'Tolerance cannot be negative' }).nullable().default(null),
    accepted_answers: z.array(text(500, 'Accepted answer')).max(50).default([]),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE') {
      const correct = q.options.filter((o) => o.is_correct).length;
      if (q.options.length < 2) issue('options', 'Give at least two options');
      else if (new Set(q.options.map((o) => o.key)).size !== q.options.length) issue('options', 'Option keys must be different');
      else if (q.kind === 'SINGLE_CHOICE' && correct !== 1) issue('options', 'Mark exactly one option correct');
      else if (q.kind === 'MULTIPLE_CHOICE' && correct < 1) issue('options', 'Mark at least one option correct');
    }
    if (q.kind === 'TRUE_FALSE' && q.correct_boolean === null) issue('correct_boolean', 'Choose true or false');
    if (q.kind === 'NUMERIC' && q.correct_number === null) issue('correct_number', 'Give the correct number');
    if (q.kind === 'SHORT_TEXT' && q.accepted_answers.length === 0) issue('accepted_answers', 'Give at least one accepted answer');
  });
export type QuizQuestionInput = z.input<typeof QuizQuestionInputSchema>;
export type QuizQuestionData = z.output<typeof QuizQuestionInputSchema>;

export const QuizSettingsSchema = z.strictObject({
  time_limit_minutes: z.number().int().min(1, { error: 'At least 1 minute' }).max(1440, { error: 'At most 1440 minutes' }).nullable(),
  attempts_allowed: z.number().int().min(1, { error: 'At least 1 attempt' }).max(100, { error: 'At most 100 attempts' }),
  pass_mark_percentage: z.number().min(0).max(100, { error: 'At most 100%' }).nullable(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  draw_count: z.number().int().min(1, { error: 'Draw at least 1 question' }).nullable(),
});
export type QuizSettings = z.infer<typeof QuizSettingsSchema>;

/**
 * PUT: the whole quiz of a lesson (settings and bank, in order); questions left out leave the bank.
 * `regrade`: every submitted attempt is scored again with the saved keys, in the same transaction.
 */
/** A quiz draws `draw_count` questions of a shared bank of its course at every start, beside its own. */
export const BankDrawSchema = z.strictObject({
  bank_id_slug: IdSlugSchema,
  draw_count: z.number().int().min(1, { error: 'Draw at least 1 question' }).max(200, { error: 'Draw at most 200 questions' }),
});
export type BankDraw = z.infer<typeof BankDrawSchema>;

export const SaveQuizSchema = QuizSettingsSchema.extend({
  questions: z.array(QuizQuestionInputSchema).max(200, { error: 'At most 200 questions' }),
  bank_draws: z.array(BankDrawSchema).max(20, { error: 'At most 20 banks' }).optional(),
  regrade: z.boolean().optional(),
}).superRefine((v, ctx) => {
  if (v.bank_draws && new Set(v.bank_draws.map((d) => d.bank_id_slug)).size !== v.bank_draws.length)
    ctx.addIssue({ code: 'custom', path: ['bank_draws'], message: 'A bank is listed twice' });
  if (v.draw_count !== null && v.draw_count > v.questions.length)
    ctx.addIssue({ code: 'custom', path: ['draw_count'], message: 'Cannot draw more questions than the bank holds' });
});
export type SaveQuiz = z.input<typeof SaveQuizSchema>;

export const QuizQuestionSchema = z.object({
  id_slug: z.string(),
  kind: QuestionKindSchema,
  prompt: z.string(),
  points: z.number(),
  options: z.array(z.object({ key: z.string(), text: z.string(), is_correct: z.boolean() })),
  correct_boolean: z.boolean().nullable(),
  correct_number: z.number().nullable(),
  tolerance: z.number().nullable(),
  accepted_answers: z.array(z.string()),
});
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

/** The quiz of a lesson as its authors see it. */
export const QuizAuthoringSchema = QuizSettingsSchema.extend({
  id_slug: z.string().nullable(),
  /** The shared banks this quiz draws from, with how many questions each bank holds. */
  bank_draws: z.array(
    z.object({ bank_id_slug: z.string(), title: z.string(), draw_count: z.number().int(), total_questions: z.number().int() }),
  ),
  lesson_id_slug: z.string(),
  lesson_title: z.string(),
  course_id_slug: z.string(),
  course_title: z.string(),
  questions: z.array(QuizQuestionSchema),
});
export type QuizAuthoring = z.infer<typeof QuizAuthoringSchema>;
export const QuizAuthoringResponseSchema = z.object({ data: QuizAuthoringSchema });

export const SessionIdParamsSchema = z.object({ sessionId: IdSlugSchema });
export const AnswerIdParamsSchema = z.object({ answerId: IdSlugSchema });

/** An answer as a student gives it: an option key, option keys, true/false, a number or text. */
export const AnswerValueSchema = z.union([
  z
    .string()
    .max(20_000, { error: 'Answers are at most 20000 characters' })
    .refine((v) => !hasControlCharacter(v, true), {
      error: CONTROL_CHARACTER_MESSAGE,
    }),
  z.array(z.string().max(40)).max(20),
  z.boolean(),
  finite,
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** Autosave: the answers changed since the last save (null clears an answer). */
export const SaveAnswersSchema = z.strictObject({
  answers: z
    .array(z.strictObject({ question_id_slug: IdSlugSchema, answer: AnswerValueSchema.nullable() }))
    .min(1)
    .max(200),
});
export type SaveAnswers = z.infer<typeof SaveAnswersSchema>;
export const SaveAnswersResponseSchema = z.object({ saved: z.number().int() });

export const QuizAttemptQuestionSchema = z.object({
  id_slug: z.string(),
  kind: QuestionKindSchema,
  prompt: z.string(),
  points: z.number(),
  /** In the order this attempt shows them; without the answer key. */
  options: z.array(z.object({ key: z.string(), text: z.string() })),
  answer: AnswerValueSchema.nullable(),
  /** From the result date on: the points given (null while free text waits for grading) and the key. */
  awarded_points: z.number().nullable(),
  /** From the result date on: the grader's comment on a free-text answer ('' when none). */
  grader_comment: z.string().nullable(),
  correct: z
    .object({
      option_keys: z.array(z.string()),
      boolean: z.boolean().nullable(),
      number: z.number().nullable(),
      tolerance: z.number().nullable(),
      accepted_answers: z.array(z.string()),
    })
    .nullable(),
});
export type QuizAttemptQuestion = z.infer<typeof QuizAttemptQuestionSchema>;

/** One attempt as its student sees it. Questions are hidden once submitted until the result date. */
export const QuizAttemptSchema = z.object({
  id_slug: z.string(),
  status: z.enum(['OPEN', 'SUBMITTED']),
  attempt_number: z.number().int(),
  attempts_allowed: z.number().int(),
  lesson_id_slug: z.string(),
  lesson_title: z.string(),
  cohort_id_slug: z.string(),
  course_id_slug: z.string(),
  started_at: z.string(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  server_now: z.string(),
  time_limit_minutes: z.number().int().nullable(),
  result_open_datetime: z.string().nullable(),
  results_visible: z.boolean(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  percentage: z.number().nullable(),
  pass_mark_percentage: z.number().nullable(),
  passed: z.boolean().nullable(),
  /**
   * From the result date on: the quiz's grade that counts (0-100), over all the student's attempts: the best
   * attempt after any late penalty, or a grade set by the instructor by hand; null while there is none yet.
   */
  item_grade: z
    .object({
      grade: z.number(),
      set_by_hand: z.boolean(),
      /** The best attempt's grade before a late penalty, when one was charged (null otherwise, and beside a grade set by hand). */
      before_late_penalty: z.number().nullable(),
    })
    .nullable(),
  questions: z.array(QuizAttemptQuestionSchema),
});
export type QuizAttempt = z.infer<typeof QuizAttemptSchema>;
export const QuizAttemptResponseSchema = z.object({ data: QuizAttemptSchema });

export const QuizStartResponseSchema = z.object({ session_id_slug: z.string(), resumed: z.boolean() });

export const QuizAttemptsResponseSchema = z.object({
  /** The quiz's attempts plus any extra attempts this student was given. */
  attempts_allowed: z.number().int(),
  attempts_used: z.number().int(),
  /** This student's deadline (an extension included; null: none) and the extension itself. */
  deadline_datetime: z.string().nullable(),
  extension: StudentExtensionSchema.nullable(),
  late_policy: LatePolicySchema,
  /** Whether an attempt started now would be handed in late. */
  start_is_late: z.boolean(),
  time_limit_minutes: z.number().int().nullable(),
  total_questions: z.number().int(),
  data: z.array(
    z.object({
      session_id_slug: z.string(),
      attempt_number: z.number().int(),
      status: z.enum(['OPEN', 'SUBMITTED']),
      started_at: z.string(),
      submitted_at: z.string().nullable(),
      deadline_at: z.string().nullable(),
      /** Handed in after the student's deadline. */
      is_late: z.boolean(),
    }),
  ),
});
export type QuizAttempts = z.infer<typeof QuizAttemptsResponseSchema>;

/** The free-text answers of a grade item's submitted attempts, for grading by hand. */
export const FreeTextAnswerSchema = z.object({
  answer_id_slug: z.string(),
  session_id_slug: z.string(),
  attempt_number: z.number().int(),
  student: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  question_id_slug: z.string(),
  prompt: z.string(),
  max_points: z.number(),
  answer: z.string(),
  points: z.number().nullable(),
  /** The grader's comment, shown to the student with the results. */
  comment: z.string(),
  graded_at: z.string().nullable(),
  submitted_at: z.string(),
});
export type FreeTextAnswer = z.infer<typeof FreeTextAnswerSchema>;
export const FreeTextAnswersResponseSchema = z.object({ data: z.array(FreeTextAnswerSchema), count: z.number().int() });
export const FreeTextAnswersQuerySchema = z.object({
  ungraded_only: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const ScoreAnswerSchema = z.strictObject({
  points: z.number().min(0, { error: 'Points cannot be negative' }),
  /** The grader's comment on the answer; left out, the saved one stays. */
  comment: z.string().trim().max(5000, { error: 'Comments are at most 5000 characters' }).optional(),
});
export const ScoreAnswerResponseSchema = z.object({
  answer_id_slug: z.string(),
  points: z.number(),
  comment: z.string(),
  session_score: z.number(),
  session_max_score: z.number(),
  user_grade: z.number().nullable(),
  user_submission_status: z.enum(['PENDING', 'SUBMITTED', 'GRADED']),
});

/** The quiz lessons a member of staff may author: those of the courses of the cohorts they teach. */
export const QuizLessonsResponseSchema = z.object({
  data: z.array(
    z.object({
      course_id_slug: z.string(),
      course_title: z.string(),
      lessons: z.array(z.object({ id_slug: z.string(), title: z.string(), module_title: z.string(), total_questions: z.number().int() })),
    }),
  ),
});
export type QuizLessons = z.infer<typeof QuizLessonsResponseSchema>['data'];

// --- Import and export ---------------------------------------------------------------------

export const QUIZ_FILE_FORMATS = ['gift', 'moodle_xml'] as const;
export const QuizFileFormatSchema = z.enum(QUIZ_FILE_FORMATS);
export type QuizFileFormat = z.infer<typeof QuizFileFormatSchema>;
export const QUIZ_FILE_FORMAT_LABELS: Record<QuizFileFormat, string> = { gift: 'GIFT (.gift, .txt)', moodle_xml: 'Moodle XML (.xml)' };
export const QUIZ_IMPORT_MAX_CHARACTERS = 500_000;
export const QUIZ_IMPORT_FAILED_MESSAGE = 'The file was not imported: correct the lines below and try again.';

/** POST: questions of a GIFT or Moodle XML file, added after the bank's own (all or none). */
export const QuizImportSchema = z.strictObject({
  format: QuizFileFormatSchema,
  content: z
    .string()
    .min(1, { error: 'The file is empty' })
    .max(QUIZ_IMPORT_MAX_CHARACTERS, { error: `The file must be at most ${QUIZ_IMPORT_MAX_CHARACTERS} characters` }),
});
export type QuizImport = z.infer<typeof QuizImportSchema>;
export const QuizImportResponseSchema = z.object({ data: QuizAuthoringSchema, imported: z.number().int() });
/** A refused import: `errors` is keyed `line N` (the line of the file where each problem starts). */
export const QuizImportErrorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.string()) });
export const QuizExportQuerySchema = z.object({ format: QuizFileFormatSchema });
/** The download name of an exported bank: its quiz's or shared bank's title in lower-case words joined by `-`. */
export function quizFileName(title: string, format: QuizFileFormat): string {
  const base =
    title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'quiz';
  return format === 'gift' ? `${base}.gift.txt` : `${base}.xml`;
}

// --- Preview of a draw ---------------------------------------------------------------------

/** The questions one attempt would get, drawn and shuffled as a student's start does, keys shown. */
export const QuizPreviewDrawSchema = z.object({
  total_in_bank: z.number().int(),
  questions: z.array(QuizQuestionSchema),
});
export type QuizPreviewDraw = z.infer<typeof QuizPreviewDrawSchema>;
export const QuizPreviewDrawResponseSchema = z.object({ data: QuizPreviewDrawSchema });

// --- Regrading -----------------------------------------------------------------------------

/** A submitted attempt whose score a changed key would change. */
export const RegradeChangeSchema = z.object({
  session_id_slug: z.string(),
  attempt_number: z.number().int(),
  /** The quiz the attempt is of (a shared bank's change reaches every quiz that drew its questions). */
  lesson_title: z.string(),
  cohort_title: z.string(),
  student: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
  max_score: z.number(),
  old_score: z.number(),
  new_score: z.number(),
  new_max_score: z.number(),
});
export type RegradeChange = z.infer<typeof RegradeChangeSchema>;
export const RegradePreviewResponseSchema = z.object({
  data: z.array(RegradeChangeSchema),
  submitted_attempts: z.number().int(),
});
export type RegradePreview = z.infer<typeof RegradePreviewResponseSchema>;

// --- Analytics -----------------------------------------------------------------------------

export const QuizAnalyticsQuerySchema = z.object({ cohort_id: IdSlugSchema.optional() });

/** Per question of a quiz, over the submitted attempts that drew it. */
export const QuestionAnalyticsSchema = z.object({
  id_slug: z.string(),
  kind: QuestionKindSchema,
  prompt: z.string(),
  archived: z.boolean(),
  /** Submitted attempts that drew the question. */
  attempts: z.number().int(),
  /** Share of those attempts that earned its full points (0 to 1); null for free text not yet graded or no attempt. */
  facility: z.number().nullable(),
  /** Point-biserial correlation of the question's score with the rest of the attempt's score (-1 to 1); null when undefined. */
  discrimination: z.number().nullable(),
  /** How often each option (or true/false) was chosen. */
  options: z.array(z.object({ key: z.string(), text: z.string(), is_correct: z.boolean(), chosen: z.number().int() })),
  /** Mean seconds between the attempt's previous save (or its start) and the last save of this answer. */
  average_seconds: z.number().nullable(),
});
export type QuestionAnalytics = z.infer<typeof QuestionAnalyticsSchema>;
export const QuizAnalyticsResponseSchema = z.object({
  data: z.object({
    lesson_title: z.string(),
    submitted_attempts: z.number().int(),
    cohorts: z.array(z.object({ id_slug: z.string(), title: z.string() })),
    questions: z.array(QuestionAnalyticsSchema),
  }),
});
export type QuizAnalytics = z.infer<typeof QuizAnalyticsResponseSchema>['data'];

// --- Shared question banks of a course -------------------------------------------------------

export const BankIdParamsSchema = z.object({ bankId: IdSlugSchema });
export const QuestionBankListSchema = z.object({
  data: z.array(z.object({ id_slug: z.string(), title: z.string(), total_questions: z.number().int(), quizzes: z.number().int() })),
});
export type QuestionBankList = z.infer<typeof QuestionBankListSchema>['data'];
export const CreateQuestionBankSchema = z.strictObject({ title: text(200, 'Title') });
/**
 * PUT: a bank's title and all its questions in order; questions left out are archived (past attempts keep them).
 * `regrade`: every submitted attempt that drew a question of the bank (any quiz of the course) is scored again
 * with the saved keys, in the same transaction.
 */
export const QUESTION_BANK_MAX_QUESTIONS = 500;
export const SaveQuestionBankSchema = z.strictObject({
  title: text(200, 'Title'),
  questions: z
    .array(QuizQuestionInputSchema)
    .max(QUESTION_BANK_MAX_QUESTIONS, { error: `At most ${QUESTION_BANK_MAX_QUESTIONS} questions` }),
  regrade: z.boolean().optional(),
});
export type SaveQuestionBank = z.input<typeof SaveQuestionBankSchema>;
export const QuestionBankSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  course_id_slug: z.string(),
  course_title: z.string(),
  questions: z.array(QuizQuestionSchema),
});
export type QuestionBank = z.infer<typeof QuestionBankSchema>;
export const QuestionBankResponseSchema = z.object({ data: QuestionBankSchema });
/** POST: a GIFT or Moodle XML file's questions, added after the shared bank's own (all or none). */
export const QuestionBankImportResponseSchema = z.object({ data: QuestionBankSchema, imported: z.number().int() });

import { z } from 'zod';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { CohortSubmissionStatusSchema, LessonTypeSchema, UserSubmissionStatusSchema } from '../learning/learning.schemas';
import { GRADE_STATES } from './grade-status';

// ---- project settings ------------------------------------------------------------

/**
 * File types a project may take, each checked by its content (grading/project-file-types.ts): a
 * zip archive, a PDF, office documents (themselves zips of a known shape), and plain text and
 * source files (UTF-8 text without NUL bytes).
 */
export const PROJECT_FILE_TYPES = [
  '.zip',
  '.pdf',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.txt',
  '.md',
  '.csv',
  '.v',
  '.sv',
  '.vhd',
  '.c',
  '.h',
  '.cpp',
  '.py',
  '.tcl',
] as const;
export type ProjectFileType = (typeof PROJECT_FILE_TYPES)[number];
export const DEFAULT_PROJECT_MAX_BYTES = 20 * 1024 * 1024;
/** The largest any project may allow. */
export const PROJECT_MAX_BYTES_CEILING = 100 * 1024 * 1024;

export const RubricLevelSchema = z.object({
  title: z.string().trim().min(1, { error: 'Level title is required' }).max(200),
  points: z.number().min(0).max(1000),
  /** What work at this level looks like, for graders and students. */
  description: z.string().trim().max(2000).optional(),
});
export const RubricCriterionSchema = z.object({
  id: z.string().trim().min(1).max(40),
  title: z.string().trim().min(1, { error: 'Criterion title is required' }).max(200),
  levels: z.array(RubricLevelSchema).min(1, { error: 'A criterion needs at least one level' }).max(10),
});
export type RubricCriterion = z.infer<typeof RubricCriterionSchema>;

export const ProjectSettingsSchema = z.strictObject({
  instructions: z.string().max(20_000).default(''),
  /** Stored PDF files (id_slugs) with the instructions. */
  instructions_file_ids: z.array(IdSlugSchema).max(10).default([]),
  accepted_types: z.array(z.enum(PROJECT_FILE_TYPES)).min(1).default(['.zip']),
  max_size_bytes: z.number().int().min(1024).max(PROJECT_MAX_BYTES_CEILING).default(DEFAULT_PROJECT_MAX_BYTES),
  rubric: z
    .array(RubricCriterionSchema)
    .max(30)
    .default([])
    .refine((r) => new Set(r.map((c) => c.id)).size === r.length, { error: 'Criterion ids must be unique' }),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

/** A rubric kept for reuse: picked when authoring another project's rubric (copied into it). */
export const RubricTemplateSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  rubric: z.array(RubricCriterionSchema),
  created_by: z.string(),
  created_at: z.string(),
});
export type RubricTemplate = z.infer<typeof RubricTemplateSchema>;
export const CreateRubricTemplateSchema = z.strictObject({
  title: z.string().trim().min(1, { error: 'Give the template a title' }).max(200),
  rubric: z
    .array(RubricCriterionSchema)
    .min(1, { error: 'A template needs at least one criterion' })
    .max(30)
    .refine((r) => new Set(r.map((c) => c.id)).size === r.length, { error: 'Criterion ids must be unique' }),
});
export type CreateRubricTemplate = z.infer<typeof CreateRubricTemplateSchema>;
export const RubricTemplatesResponseSchema = z.object({ data: z.array(RubricTemplateSchema) });
export const RubricTemplateResponseSchema = z.object({ data: RubricTemplateSchema });

export const ProjectSettingsResponseSchema = z.object({ lesson_id_slug: z.string(), project: ProjectSettingsSchema });

/** A cohort's grading of one lesson: when it opens and closes, its weight and when results open. */
export const GradeItemSettingsSchema = z.strictObject({
  open_datetime: DateTimeSchema.nullable().default(null),
  deadline_datetime: DateTimeSchema.nullable().default(null),
  late_deadline_datetime: DateTimeSchema.nullable().default(null),
  result_open_datetime: DateTimeSchema.nullable().default(null),
  is_mandatory: z.boolean().default(true),
  grade_percentage: z.number().min(0).max(100),
  /** Late work: points of 100 lost per day late (a started day counts); null: none. */
  late_penalty_per_day: z
    .number()
    .gt(0, { error: 'The penalty per day must be more than 0' })
    .max(100, { error: 'The penalty per day must be at most 100' })
    .nullable()
    .default(null),
  /** Late work: the most a late grade can be; null: no cap. */
  late_score_cap: z
    .number()
    .min(0, { error: 'The cap must be from 0 to 100' })
    .max(100, { error: 'The cap must be from 0 to 100' })
    .nullable()
    .default(null),
});
export type GradeItemSettings = z.infer<typeof GradeItemSettingsSchema>;
export const GradeItemSettingsResponseSchema = z.object({ id_slug: z.string() });

/** A project lesson's settings as the authoring screen reads them, with its instruction files named. */
export const AdminProjectSettingsSchema = z.object({
  lesson_id_slug: z.string(),
  lesson_title: z.string(),
  course_id_slug: z.string(),
  project: ProjectSettingsSchema,
  instructions_files: z.array(z.object({ id_slug: z.string(), name: z.string(), url: z.string() })),
});
export type AdminProjectSettings = z.infer<typeof AdminProjectSettingsSchema>;
export const AdminProjectSettingsResponseSchema = z.object({ data: AdminProjectSettingsSchema });
export const PROJECT_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const PDF_REQUIRED_MESSAGE = 'Please upload a PDF file';
export const ProjectFileResponseSchema = z.object({ data: z.object({ id_slug: z.string(), name: z.string(), url: z.string() }) });

/** A quiz or project lesson of a cohort's courses with its grade item (null: not set up yet). */
export const CohortGradeLessonSchema = z.object({
  lesson_id_slug: z.string(),
  lesson_title: z.string(),
  lesson_type: LessonTypeSchema,
  course_title: z.string(),
  /** is_default: made with the cohort's dates and an even share of the weight, not adjusted by staff yet. */
  grade_item: GradeItemSettingsSchema.extend({ id_slug: z.string(), is_default: z.boolean() }).nullable(),
});
export type CohortGradeLesson = z.infer<typeof CohortGradeLessonSchema>;
export const CohortGradeLessonsResponseSchema = z.object({ data: z.array(CohortGradeLessonSchema) });

// ---- extensions --------------------------------------------------------------------

export const LatePolicySchema = z.object({ late_penalty_per_day: z.number().nullable(), late_score_cap: z.number().nullable() });

/** An extension as its student sees it: the new dates (null: unchanged) and extra quiz attempts. */
export const StudentExtensionSchema = z.object({
  deadline_datetime: z.string().nullable(),
  late_deadline_datetime: z.string().nullable(),
  extra_attempts: z.number().int(),
});
export type StudentExtension = z.infer<typeof StudentExtensionSchema>;

export const ExtensionIdParamsSchema = z.object({ extensionId: IdSlugSchema });

/** Staff give one student or several the same extension; each student's replaces any earlier one on the item. */
export const GrantExtensionSchema = z.strictObject({
  user_id_slugs: z.array(IdSlugSchema).min(1, { error: 'Choose at least one student' }).max(500),
  deadline_datetime: DateTimeSchema.nullable().default(null),
  late_deadline_datetime: DateTimeSchema.nullable().default(null),
  extra_attempts: z.number().int().min(0).max(20, { error: 'At most 20 extra attempts' }).default(0),
  reason: z.string().trim().max(500).default(''),
});
export type GrantExtension = z.infer<typeof GrantExtensionSchema>;

export const GradeExtensionSchema = StudentExtensionSchema.extend({
  id_slug: z.string(),
  student: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  reason: z.string(),
  granted_by: z.string().nullable(),
  created_date: z.string(),
});
export type GradeExtension = z.infer<typeof GradeExtensionSchema>;

/** A grade item's extensions, with its own dates and the students who can be given one. */
export const GradeExtensionsSchema = z.object({
  item: z.object({
    id_slug: z.string(),
    lesson_title: z.string(),
    lesson_type: LessonTypeSchema,
    deadline_datetime: z.string().nullable(),
    late_deadline_datetime: z.string().nullable(),
    attempts_allowed: z.number().int().nullable(),
  }),
  students: z.array(z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() })),
  data: z.array(GradeExtensionSchema),
});
export type GradeExtensions = z.infer<typeof GradeExtensionsSchema>;
export const GradeExtensionsResponseSchema = z.object({ data: GradeExtensionsSchema });
export const RemoveExtensionResponseSchema = z.object({ id_slug: z.string() });

// ---- the student's project page --------------------------------------------------

export const ZipEntrySchema = z.object({ path: z.string(), size: z.number() });
export type ZipEntry = z.infer<typeof ZipEntrySchema>;

export const SubmissionSchema = z.object({
  id_slug: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  files: z.array(ZipEntrySchema),
  submitted_at: z.string(),
  is_late: z.boolean(),
  download_url: z.string(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const RubricScoreSchema = z.object({
  criterion_id: z.string().trim().min(1).max(40),
  level_index: z.number().int().min(0).max(9),
  comment: z.string().max(5000).default(''),
});
export type RubricScore = z.infer<typeof RubricScoreSchema>;

export const ProjectViewSchema = z.object({
  lesson_title: z.string(),
  project: z.object({
    instructions: z.string(),
    instructions_files: z.array(z.object({ name: z.string(), url: z.string() })),
    accepted_types: z.array(z.string()),
    max_size_bytes: z.number(),
    rubric: z.array(RubricCriterionSchema),
  }),
  grade_item: z.object({
    id_slug: z.string(),
    open_datetime: z.string().nullable(),
    /** This student's deadline and late deadline (an extension included). */
    deadline_datetime: z.string().nullable(),
    late_deadline_datetime: z.string().nullable(),
    result_open_datetime: z.string().nullable(),
    is_mandatory: z.boolean(),
    grade_percentage: z.number(),
    submission_status: CohortSubmissionStatusSchema,
    user_submission_status: UserSubmissionStatusSchema,
    can_submit: z.boolean(),
    /** The extension this student was given, if any. */
    extension: StudentExtensionSchema.nullable(),
    late_policy: LatePolicySchema,
    /** Whether a hand-in now would be marked late. */
    submit_is_late: z.boolean(),
  }),
  submission: SubmissionSchema.nullable(),
  /**
   * Released results only. user_grade is the grade that counts (set by the instructor, else after
   * any late penalty); original_grade the grade before a late penalty, days_late how late the hand-in was.
   */
  result: z
    .object({
      user_grade: z.number().nullable(),
      /** The grade was set by the instructor by hand (it counts in place of the computed one). */
      set_by_hand: z.boolean(),
      original_grade: z.number().nullable(),
      days_late: z.number().int(),
      feedback: z.string(),
      rubric_scores: z.array(RubricScoreSchema),
    })
    .nullable(),
});
export type ProjectView = z.infer<typeof ProjectViewSchema>;
export const ProjectViewResponseSchema = z.object({ data: ProjectViewSchema });

// ---- grading ---------------------------------------------------------------------

export const GradeStateSchema = z.enum(GRADE_STATES);
export const SubmissionIdParamsSchema = z.object({ submissionId: IdSlugSchema });

export const GradingItemSchema = z.object({
  id_slug: z.string(),
  lesson_title: z.string(),
  lesson_type: LessonTypeSchema,
  deadline_datetime: z.string().nullable(),
  is_mandatory: z.boolean(),
  grade_percentage: z.number(),
  submitted: z.number(),
  graded: z.number(),
  late: z.number(),
});
export const GradingItemsResponseSchema = z.object({
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  data: z.array(GradingItemSchema),
});
export type GradingItemsResponse = z.infer<typeof GradingItemsResponseSchema>;

export const StudentRefSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const GradingQueueEntrySchema = z.object({
  id_slug: z.string(),
  /** What was handed in: a project file (free-text quiz answers join the same queue). */
  kind: z.enum(['PROJECT']),
  student: StudentRefSchema,
  submitted_at: z.string(),
  is_late: z.boolean(),
  user_submission_status: UserSubmissionStatusSchema,
  user_grade: z.number().nullable(),
});
export type GradingQueueEntry = z.infer<typeof GradingQueueEntrySchema>;
export const GradingQueueResponseSchema = z.object({
  item: GradingItemSchema.extend({ cohort_id_slug: z.string(), cohort_title: z.string() }),
  data: z.array(GradingQueueEntrySchema),
});
export type GradingQueueResponse = z.infer<typeof GradingQueueResponseSchema>;

export const GradingSubmissionSchema = GradingQueueEntrySchema.extend({
  grade_item_id_slug: z.string(),
  lesson_title: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  files: z.array(ZipEntrySchema),
  download_url: z.string(),
  rubric: z.array(RubricCriterionSchema),
  rubric_scores: z.array(RubricScoreSchema),
  feedback: z.string(),
  graded_at: z.string().nullable(),
});
export type GradingSubmission = z.infer<typeof GradingSubmissionSchema>;
export const GradingSubmissionResponseSchema = z.object({ data: GradingSubmissionSchema });

/** A file inside a submission's archive, by the path its file list shows, to preview while grading. */
export const SubmissionPreviewQuerySchema = z.object({ path: z.string().min(1, { error: 'Choose a file' }).max(1000) });
/** The preview's bytes: text/plain (UTF-8) or application/pdf. */
// Checked by shape: a Blob made by another realm's fetch (a test's, a worker's) is no instance of this one's.
export const SubmissionPreviewSchema = z.custom<Blob>(
  (v) => typeof v === 'object' && v !== null && typeof (v as Blob).text === 'function' && typeof (v as Blob).type === 'string',
  { error: 'Expected a file' },
);
/** The largest file inside an archive that is previewed (the API refuses larger ones with 413). */
export const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

export const GRADE_REQUIRED_MESSAGE = 'Give a grade or score every rubric criterion';
export const GradeSubmissionSchema = z.strictObject({
  rubric_scores: z.array(RubricScoreSchema).max(30).default([]),
  /** Used when the item has no rubric; with a rubric the grade is its points over the maximum. */
  user_grade: z.number().min(0).max(100).nullable().default(null),
  feedback: z.string().max(20_000).default(''),
});
export type GradeSubmission = z.infer<typeof GradeSubmissionSchema>;

// ---- grades set by hand ------------------------------------------------------------

export const OVERRIDE_REASON_REQUIRED = 'Give a reason for this change';
export const OVERRIDE_UNCHANGED_MESSAGE = 'The grade set by hand is already that.';
export const NO_OVERRIDE_MESSAGE = 'This grade has no override to clear.';
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** Sets (grade) or clears (null) a student's grade for an item by hand; the reason is required either way. */
export const GradeOverrideSchema = z.strictObject({
  grade: z
    .number({ error: 'Give a grade from 0 to 100' })
    .min(0, { error: 'Give a grade from 0 to 100' })
    .max(100, { error: 'Give a grade from 0 to 100' })
    .refine(twoDecimals, { error: 'Grades have at most two decimals' })
    .nullable(),
  reason: z.string({ error: OVERRIDE_REASON_REQUIRED }).trim().min(1, { error: OVERRIDE_REASON_REQUIRED }).max(1000),
});
export type GradeOverride = z.infer<typeof GradeOverrideSchema>;
export const GradeOverrideParamsSchema = z.object({ gradeItemId: IdSlugSchema, userId: IdSlugSchema });

/** The override in force on a gradebook cell. */
export const GradeOverrideInForceSchema = z.object({
  grade: z.number(),
  reason: z.string(),
  changed_by: z.string(),
  changed_at: z.string(),
});

/** One entry of the append-only log of grades set by hand. */
export const GradeOverrideEntrySchema = z.object({
  id_slug: z.string(),
  item_id_slug: z.string(),
  lesson_title: z.string(),
  student: StudentRefSchema,
  /** The override before this change (null: none), and after (null: cleared). */
  previous_grade: z.number().nullable(),
  grade: z.number().nullable(),
  /** The computed grade when the change was made, before any late penalty. */
  computed_grade: z.number().nullable(),
  /** The computed grade then after the item's late penalty (equal to computed_grade when none applied; null when not recorded). */
  penalised_grade: z.number().nullable(),
  reason: z.string(),
  changed_by: z.string(),
  changed_at: z.string(),
});
export type GradeOverrideEntry = z.infer<typeof GradeOverrideEntrySchema>;
export const GradeOverrideResponseSchema = z.object({ data: GradeOverrideEntrySchema });
export const GradeOverrideLogResponseSchema = z.object({ data: z.array(GradeOverrideEntrySchema) });

export const GradebookQuerySchema = z.object({ status: GradeStateSchema.optional() });
export const GradebookSchema = z.object({
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  items: z.array(
    z.object({
      id_slug: z.string(),
      lesson_title: z.string(),
      is_mandatory: z.boolean(),
      grade_percentage: z.number(),
      late_penalty_per_day: z.number().nullable(),
      late_score_cap: z.number().nullable(),
    }),
  ),
  students: z.array(
    StudentRefSchema.extend({
      /**
       * user_grade is the computed grade after any late penalty; original_grade the computed grade
       * before it; override, when set, is the grade that counts (weighted total, CSV, certificates).
       * extended: the student has an extension.
       */
      grades: z.array(
        z.object({
          state: GradeStateSchema,
          user_grade: z.number().nullable(),
          is_late: z.boolean(),
          original_grade: z.number().nullable(),
          days_late: z.number().int(),
          extended: z.boolean(),
          override: GradeOverrideInForceSchema.nullable(),
        }),
      ),
      weighted_total: z.number().nullable(),
      missing_mandatory: z.number(),
    }),
  ),
});
export type Gradebook = z.infer<typeof GradebookSchema>;
export const GradebookResponseSchema = z.object({ data: GradebookSchema });
export const GradebookCsvSchema = z.string();

/** Messages of the submission rules. */
export const SUBMISSION_CLOSED_MESSAGE = 'Submissions for this project are closed.';
export const NOT_A_ZIP_MESSAGE = 'Please upload a .zip file';
export const ZIP_UNSAFE_MESSAGE = 'This zip file cannot be accepted: it is damaged or unsafe.';

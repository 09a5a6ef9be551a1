import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { requiredText } from '../common/text';

// ---- enums and constants ---------------------------------------------------------

export const LESSON_TYPES = ['VIDEO', 'READING', 'QUIZ', 'PROJECT'] as const;
export const LessonTypeSchema = z.enum(LESSON_TYPES, { error: 'Invalid lesson type' });
export type LessonType = z.infer<typeof LessonTypeSchema>;

export const LESSON_TYPE_LABELS: Readonly<Record<LessonType, string>> = {
  VIDEO: 'Video lecture',
  READING: 'Reading',
  QUIZ: 'Online quiz',
  PROJECT: 'Project submission',
};

export const ENROLMENT_STATUSES = ['ACTIVE', 'SUSPENDED', 'COMPLETED'] as const;
export const ENROLMENT_STATUS = {
  ACTIVE: 'ACTIVE',
  SUSPENDED: 'SUSPENDED',
  COMPLETED: 'COMPLETED',
} as const satisfies Record<(typeof ENROLMENT_STATUSES)[number], string>;
export const EnrolmentStatusSchema = z.enum(ENROLMENT_STATUSES, { error: 'Invalid enrolment status' });
export type EnrolmentStatus = z.infer<typeof EnrolmentStatusSchema>;
/** Statuses shown green. */
export function isGreenEnrolmentStatus(status: string | null | undefined): boolean {
  return status === 'ACTIVE' || status === 'COMPLETED';
}
export const NOT_ENROLLED_LABEL = 'NOT ENROLLED';

/** A student's submission for a graded lesson. */
export const USER_SUBMISSION_STATUSES = ['PENDING', 'SUBMITTED', 'GRADED'] as const;
export const UserSubmissionStatusSchema = z.enum(USER_SUBMISSION_STATUSES);
export type UserSubmissionStatus = z.infer<typeof UserSubmissionStatusSchema>;

/** Whether a cohort's graded lesson accepts submissions. */
export const COHORT_SUBMISSION_STATUSES = ['NOT_OPEN', 'OPEN', 'locked'] as const;
export const CohortSubmissionStatusSchema = z.enum(COHORT_SUBMISSION_STATUSES);
export type CohortSubmissionStatus = z.infer<typeof CohortSubmissionStatusSchema>;

export const CERTIFICATE_PROGRESS = ['COMPLETED', 'IN_PROGRESS', 'REVOKED'] as const;
export const CertificateProgressSchema = z.enum(CERTIFICATE_PROGRESS);
export type CertificateProgress = z.infer<typeof CertificateProgressSchema>;

/**
 * Cohort status, derived from its dates: UPCOMING before start_date, ONGOING until end_date,
 * COMPLETED (ended, lessons still open) until end_access_date, ACCESS_CLOSED after it.
 */
export const COHORT_STATUSES = ['UPCOMING', 'ONGOING', 'COMPLETED', 'ACCESS_CLOSED'] as const;
export const CohortStatusSchema = z.enum(COHORT_STATUSES, { error: `status must be one of ${COHORT_STATUSES.join(', ')}` });
export type CohortStatus = z.infer<typeof CohortStatusSchema>;

/** How the console names each cohort status (COMPLETED is shown green). */
export const COHORT_STATUS_LABELS: Record<CohortStatus, string> = {
  UPCOMING: 'Upcoming',
  ONGOING: 'Running',
  COMPLETED: 'Ended',
  ACCESS_CLOSED: 'Access closed',
};

/** A video lesson completes itself when this many seconds or fewer remain. */
export const VIDEO_AUTO_COMPLETE_SECONDS = 60;

// ---- access end -------------------------------------------------------------

/** The API's refusal of a lesson after the cohort's end_access_date (403). */
export const ACCESS_ENDED_MESSAGE = 'This class has ended, so its lessons are locked. Your grades and certificates stay available.';
/** The API's refusal to mark a quiz or project complete (422): they complete through their attempt or submission. */
export const SUBMITTED_LESSON_MESSAGE = 'Quizzes and projects are completed by submitting them, not by marking them complete.';
/** Lesson types a student may mark complete themselves. */
export const SELF_COMPLETED_LESSON_TYPES: readonly string[] = ['VIDEO', 'READING'];

/** Whether a cohort's access has ended (its lessons are locked) at `now`. */
export function isAccessEnded(endAccessDate: string | null | undefined, now: Date = new Date()): boolean {
  if (!endAccessDate) return false;
  const end = Date.parse(endAccessDate);
  return !Number.isNaN(end) && end <= now.getTime();
}

// ---- dashboard -------------------------------------------------------------

export const CohortPartSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** After it the class is listed as ended: lessons locked, grades and certificates still readable. */
  end_access_date: z.string(),
});
export type CohortPart = z.infer<typeof CohortPartSchema>;

export const LatestLessonSchema = z.object({
  lesson_id: z.string(),
  lesson_title: z.string(),
  lesson_type: LessonTypeSchema,
  /** When the student completed it (shown as a relative time). */
  completed_at: z.string().nullable().optional(),
  course_info: z.object({
    course_id_slug: z.string(),
    course_title: z.string(),
  }),
});
export type LatestLesson = z.infer<typeof LatestLessonSchema>;

export const UserCohortEntrySchema = z.object({
  cohort_part: CohortPartSchema,
  latest_lesson_part: LatestLessonSchema.nullable(),
});
export type UserCohortEntry = z.infer<typeof UserCohortEntrySchema>;

/** Body of `GET user-cohorts/user/:userIdSlug/` (axios users read `response.data.data`). */
export const UserCohortsResponseSchema = z.object({ data: z.array(UserCohortEntrySchema) });
export type UserCohortsResponse = z.infer<typeof UserCohortsResponseSchema>;

// ---- cohort view -------------------------------------------------------------

export const LessonSummarySchema = z.object({
  lesson_id: z.string(),
  lesson_title: z.string(),
  lesson_type: LessonTypeSchema,
  is_completed: z.boolean(),
  order: z.number().int(),
});
export type LessonSummary = z.infer<typeof LessonSummarySchema>;

export const ModuleSummarySchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  order: z.number().int(),
  lessons: z.array(LessonSummarySchema),
  completion_percentage: z.number(),
});
export type ModuleSummary = z.infer<typeof ModuleSummarySchema>;

export const CourseSummarySchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  modules: z.array(ModuleSummarySchema),
  total_lessons: z.number().int().nonnegative(),
  completion_percentage: z.number(),
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

export const UserCohortPartSchema = z.object({
  completed_lessons_ids: z.array(z.string()),
  cohort_id_slug: z.string(),
  total_grades: z.number(),
  enrolment_status: EnrolmentStatusSchema,
  /** The weighted total of the released grades (grade_percentage weights), null without weights. */
  weighted_total: z.number().nullable(),
});
export type UserCohortPart = z.infer<typeof UserCohortPartSchema>;

export const CohortGradeInfoSchema = z.object({
  lesson_title: z.string(),
  course_id: z.string(),
  lesson_id: z.string(),
  deadline_datetime: z.string().nullable(),
  is_mandatory: z.boolean(),
  grade_percentage: z.number(),
  lesson_type: LessonTypeSchema,
  result_open_datetime: z.string().nullable(),
  submission_status: CohortSubmissionStatusSchema,
});
export type CohortGradeInfo = z.infer<typeof CohortGradeInfoSchema>;

export const GradeItemSchema = z.object({
  id_slug: z.string(),
  /** The grade that counts (set by the instructor, else after any late penalty), once released. */
  user_grade: z.number().nullable(),
  /** The grade was set by the instructor by hand, in place of the computed one. */
  set_by_hand: z.boolean(),
  user_submission_status: UserSubmissionStatusSchema,
  /** cohort_grade_info.deadline_datetime is this student's deadline, an extension included. */
  cohort_grade_info: CohortGradeInfoSchema,
  /** The grade before a late penalty, when one was charged (released grades only). */
  original_grade: z.number().nullable(),
  /** Whether this student was given a later deadline than the item's. */
  deadline_extended: z.boolean(),
});
export type GradeItem = z.infer<typeof GradeItemSchema>;

export const UserCertificateSchema = z.object({
  progress: CertificateProgressSchema,
  completion_date: z.string().nullable(),
});
export type UserCertificate = z.infer<typeof UserCertificateSchema>;

/** Where the student stands against a certificate's completion rules (null when not enrolled to earn it). */
export const CertificateRequirementsSchema = z.object({
  lessons_percent: z.number(),
  min_lessons_percent: z.number(),
  require_mandatory_graded: z.boolean(),
  missing_mandatory: z.number().int().nonnegative(),
  /** Null when the cohort's grade items carry no weight. */
  weighted_total: z.number().nullable(),
  min_weighted_total: z.number(),
});
export type CertificateRequirements = z.infer<typeof CertificateRequirementsSchema>;

export const CertificateSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  user_certificate: UserCertificateSchema.nullable(),
  requirements: CertificateRequirementsSchema.nullable(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const UserCohortViewSchema = z.object({
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  end_access_date: z.string(),
  courses_part: z.array(CourseSummarySchema),
  latest_lesson_part: LatestLessonSchema.nullable(),
  user_cohort_part: UserCohortPartSchema,
  user_grades_part: z.array(GradeItemSchema),
  certificates_part: z.array(CertificateSchema),
});
export type UserCohortView = z.infer<typeof UserCohortViewSchema>;

export const UserCohortViewResponseSchema = z.object({ data: UserCohortViewSchema });
export type UserCohortViewResponse = z.infer<typeof UserCohortViewResponseSchema>;

export const UserCohortViewParamsSchema = z.object({ cohortId: IdSlugSchema, userIdSlug: IdSlugSchema });

// ---- grade display -------------------------------------------------------------

export const GRADE_DISPLAY_STATUSES = ['Not open', 'Submitted', 'Open', 'Graded', 'Locked'] as const;
export type GradeDisplayStatus = (typeof GRADE_DISPLAY_STATUSES)[number];

export interface GradeStatusInput {
  user_submission_status: string | null | undefined;
  cohort_grade_info: { submission_status: string | null | undefined };
}

/**
 * The label of a grade row. Precedence: the cohort's NOT_OPEN gives 'Not open'; then the
 * student's SUBMITTED gives 'Submitted'; then the cohort's OPEN gives 'Open'; then GRADED gives
 * 'Graded'; anything else is 'Locked'.
 */
export function gradeDisplayStatus(item: GradeStatusInput): GradeDisplayStatus {
  const cohortStatus = item.cohort_grade_info.submission_status;
  const userStatus = item.user_submission_status;
  if (cohortStatus === 'NOT_OPEN') return 'Not open';
  if (userStatus === 'SUBMITTED') return 'Submitted';
  if (cohortStatus === 'OPEN') return 'Open';
  if (userStatus === 'GRADED' || cohortStatus === 'GRADED') return 'Graded';
  return 'Locked';
}

/** GRADED and SUBMITTED rows are green. Takes a grade row or its display label. */
export function isGreenGradeStatus(itemOrStatus: GradeStatusInput | GradeDisplayStatus): boolean {
  const status = typeof itemOrStatus === 'string' ? itemOrStatus : gradeDisplayStatus(itemOrStatus);
  return status === 'Graded' || status === 'Submitted';
}

// ---- lessons -------------------------------------------------------------------

/** A quiz or project set: how many questions, the time limit and instruction files. */
export const AssessmentGroupSchema = z.object({
  id_slug: z.string(),
  total_questions: z.number().int().nonnegative(),
  time_limit_minutes: z.number().int().nonnegative().nullable(),
  instructions_files_urls: z.array(z.string()),
});
export type AssessmentGroup = z.infer<typeof AssessmentGroupSchema>;

/** The cohort-level grading of a lesson (weight, deadline, opening). */
export const CohortGradeSchema = z.object({
  id_slug: z.string(),
  /** When it opens (the cohort's start when the item names none), so a student meeting it closed reads when. */
  open_datetime: z.string().nullable().optional(),
  /** This student's deadline and late deadline (an extension included). */
  deadline_datetime: z.string().nullable(),
  late_deadline_datetime: z.string().nullable().optional(),
  is_mandatory: z.boolean(),
  grade_percentage: z.number(),
  result_open_datetime: z.string().nullable(),
  submission_status: CohortSubmissionStatusSchema,
});
export type CohortGrade = z.infer<typeof CohortGradeSchema>;

export const QuizSessionSchema = z.object({
  id_slug: z.string(),
  started_datetime: z.string(),
  submitted_datetime: z.string().nullable(),
  score: z.number().nullable(),
});
export type QuizSession = z.infer<typeof QuizSessionSchema>;

export const ProjectSessionSchema = z.object({
  id_slug: z.string(),
  submission_files_urls: z.array(z.string()),
  submitted_datetime: z.string().nullable(),
});
export type ProjectSession = z.infer<typeof ProjectSessionSchema>;

/** The signed-in student's grade for a lesson. */
export const UserCohortGradeSchema = z.object({
  id_slug: z.string(),
  user_grade: z.number().nullable(),
  user_submission_status: UserSubmissionStatusSchema,
  quiz_session: QuizSessionSchema.nullable(),
  project_session: ProjectSessionSchema.nullable(),
});
export type UserCohortGrade = z.infer<typeof UserCohortGradeSchema>;

/** A lesson as content (shared by the admin console and the learner's lesson page). */
export const LessonSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number().int(),
  lesson_type: LessonTypeSchema,
  video_lecture_id_slug: z.string().nullable(),
  /** The video's length in seconds (read from the mp4 when it was uploaded); null without a video. */
  video_duration_seconds: z.number().nullable(),
  /** File URLs of the reading PDFs. */
  reading_pdf_id_slugs: z.array(z.string()),
  link_urls: z.array(z.string()),
  quiz_group: AssessmentGroupSchema.nullable(),
  project_group: AssessmentGroupSchema.nullable(),
  cohort_grade: CohortGradeSchema.nullable(),
});
export type Lesson = z.infer<typeof LessonSchema>;

/** A stored file offered to the student: its name and short-lived signed URLs to view and download it. */
export const FileLinkSchema = z.object({
  name: z.string(),
  url: z.string(),
  download_url: z.string(),
});
export type FileLink = z.infer<typeof FileLinkSchema>;

/** A link of a lesson: an outside address, or a stored file served through a signed URL. */
export const LessonLinkSchema = z.object({
  title: z.string(),
  url: z.string(),
  is_file: z.boolean(),
});
export type LessonLink = z.infer<typeof LessonLinkSchema>;

/**
 * A lesson as the signed-in student sees it on the lesson page. `reading_pdf_id_slugs` and
 * `link_urls` carry signed URLs; `reading_files` and `links` add their names.
 */
export const LessonDetailSchema = LessonSchema.extend({
  /** Signed URL of the video's WebVTT captions, when it has them. */
  video_captions_url: z.string().nullable(),
  reading_files: z.array(FileLinkSchema),
  links: z.array(LessonLinkSchema),
  user_cohort_grade: UserCohortGradeSchema.nullable(),
  is_completed: z.boolean(),
});
export type LessonDetail = z.infer<typeof LessonDetailSchema>;

export const CourseViewModuleSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  order: z.number().int(),
  lessons: z.array(LessonDetailSchema),
  completion_percentage: z.number(),
});
export type CourseViewModule = z.infer<typeof CourseViewModuleSchema>;

export const CoursePartSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  description: z.string(),
  modules: z.array(CourseViewModuleSchema),
  /** id_slugs of the lessons this student completed. */
  completed_lessons: z.array(z.string()),
  /** A SUSPENDED student reads the course but cannot complete lessons. */
  enrolment_status: EnrolmentStatusSchema,
});
export type CoursePart = z.infer<typeof CoursePartSchema>;

export const UserCourseViewResponseSchema = z.object({
  data: z.object({ course_part: CoursePartSchema }),
});
export type UserCourseViewResponse = z.infer<typeof UserCourseViewResponseSchema>;

export const UserCourseViewParamsSchema = z.object({
  cohortId: IdSlugSchema,
  courseId: IdSlugSchema,
  userIdSlug: IdSlugSchema,
});

// ---- the student's place in a lesson video ------------------------------------------

export const LessonPositionParamsSchema = z.strictObject({
  cohortId: IdSlugSchema,
  lessonId: IdSlugSchema,
  userIdSlug: IdSlugSchema,
});
/** Where the student stopped in the lesson's video, in seconds from its start. */
export const SaveLessonPositionSchema = z.strictObject({
  position_seconds: z
    .number({ error: 'position_seconds must be a number' })
    .min(0, { error: 'position_seconds must not be negative' })
    .max(7 * 24 * 3600, { error: 'position_seconds is too large' }),
});
export type SaveLessonPosition = z.infer<typeof SaveLessonPositionSchema>;
/** The kept position; null when the student has not watched the video yet. */
export const LessonPositionResponseSchema = z.object({ position_seconds: z.number().nullable() });
export type LessonPositionResponse = z.infer<typeof LessonPositionResponseSchema>;

// ---- video url and completion -------------------------------------------------------

export const VideoUrlQuerySchema = z.object({
  url: requiredText('url is required', 2000),
});
export type VideoUrlQuery = z.infer<typeof VideoUrlQuerySchema>;

export const VideoUrlResponseSchema = z.object({ url: z.string() });
export type VideoUrlResponse = z.infer<typeof VideoUrlResponseSchema>;

export const MarkLessonCompleteSchema = z.strictObject({
  user_id_slug: IdSlugSchema,
  lesson_id_slug: IdSlugSchema,
});
export type MarkLessonComplete = z.infer<typeof MarkLessonCompleteSchema>;

export const MarkLessonCompleteResponseSchema = z.object({ cohort_id_slug: z.string() });
export type MarkLessonCompleteResponse = z.infer<typeof MarkLessonCompleteResponseSchema>;

// ---- certificate documents -------------------------------------------------------------

export const CertificateDocumentParamsSchema = z.object({
  cohortId: IdSlugSchema,
  certificateId: IdSlugSchema,
  userIdSlug: IdSlugSchema,
});

/**
 * Signed URLs of a completed certificate's PDF: `url` to view it, `download_url` to save it; and
 * `badge_url`, its Open Badges 3.0 credential as a JSON download.
 */
export const CertificateDocumentResponseSchema = z.object({
  url: z.string(),
  download_url: z.string(),
  badge_url: z.string(),
  completion_date: z.string().nullable(),
});
export type CertificateDocumentResponse = z.infer<typeof CertificateDocumentResponseSchema>;

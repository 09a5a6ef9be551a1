import { z } from 'zod';
import {
  DateTimeSchema,
  IdSlugSchema,
  makeListQuerySchema,
  paginated,
} from '../common/common.schemas';
import { matchesOrder } from '../common/refine';
import { plainText, requiredText } from '../common/text';
import { RoleSchema } from '../auth/auth.schemas';
import {
  CohortStatusSchema,
  EnrolmentStatusSchema,
  LessonSchema,
  LessonTypeSchema,
} from '../learning/learning.schemas';

// ---- constants -----------------------------------------------------------------

/** Page sizes of the admin lists (learning spec, section 9). */
export const PAGE_SIZES = {
  courses: 7,
  cohorts: 8,
  students: 10,
  cohortStudents: 20,
  cohortQueue: 20,
  cohortCourseSearch: 20,
  addStudent: 20,
  certificates: 10,
  applications: 10,
} as const;

export const DEFAULT_SORTS = {
  courses: 'title',
  cohorts: '-created_date',
  students: '-created_date',
  certificates: '-created_date',
  applications: '-created_date',
} as const;

/** Certificate provider used when none is given. */
export const DEFAULT_CERTIFICATE_PROVIDER = 'Semiconductor Training School';

/** Most rows accepted by one bulk add. */
export const MAX_BULK_STUDENTS = 10_000;

/** User-visible strings of the admin console (learning spec, sections 5, 6 and 8). */
export const ADMIN_MESSAGES = {
  courseTitleRequired: 'Course title is required',
  lessonTitleRequired: 'Lesson title is required',
  moduleTitleRequired: 'Module title is required',
  cohortTitleRequired: 'Cohort title is required',
  certificateTitleRequired: 'Certificate title is required',
  linkCourseRequired: 'Please link this cohort to a course!',
  courseAlreadyAdded: 'Course already added!',
  cohortAlreadyLinked: 'This cohort is already linked to the course!',
  uploadVideo: 'Please upload a video!',
  uploadReadings: 'Please upload reading files!',
  lessonUploadDisabled: 'Uploading lesson is disabled for now. Please contact the admin.',
  genericFailure: 'Uh oh... something went wrong. Please try again later.',
  fileUploadFailure: 'Something went wrong with the file upload... Please try again.',
  fileFailure: 'Something went wrong with the file... Please try again.',
  noStudentsUploaded: 'There are no students uploaded! Please try again...',
  noCohortId: 'Please try again later...',
  success: 'Success',
  studentAdded: 'Success! Student is added to the cohort!',
  courseCreated: 'Successful! Course created!',
  successful: 'Successful',
  unlinkWarning:
    'You already have students enrolled in this cohort. Unlinking a course might interfere with the grading and student data.',
  deleteCohortConfirm:
    'Are you sure you want to delete this cohort? This action is permanent. This will remove all student enrolments and their grades as well.',
  notFound: "404. That's an error... This content is not available right now.",
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endAccessDateRequired: 'End of access date is required',
  endDateAfterStart: 'End date must be after the start date',
  endAccessAfterEnd: 'End of access date must not be before the end date',
  invalidDate: 'Invalid date',
} as const;

// ---- shared pieces -----------------------------------------------------------------

export const UserInfoSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const CohortInfoSchema = z.object({ id_slug: z.string(), title: z.string() });
export type CohortInfo = z.infer<typeof CohortInfoSchema>;

export const CohortIdSlugResponseSchema = z.object({ cohort_id_slug: z.string() });
export type CohortIdSlugResponse = z.infer<typeof CohortIdSlugResponseSchema>;

export const CohortCourseParamsSchema = z.object({ cohortId: IdSlugSchema, courseId: IdSlugSchema });

// ---- courses ---------------------------------------------------------------------

export const AdminCourseListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.courses,
  order_by: DEFAULT_SORTS.courses,
}).extend({ cohort_id_slug: IdSlugSchema.optional() });
export type AdminCourseListQuery = z.infer<typeof AdminCourseListQuerySchema>;

export const AdminCourseListItemSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  description: z.string(),
  created_date: z.string(),
  modified_date: z.string(),
  modules_count: z.number().int().nonnegative(),
  lessons_count: z.number().int().nonnegative(),
  cohorts_count: z.number().int().nonnegative(),
});
export type AdminCourseListItem = z.infer<typeof AdminCourseListItemSchema>;

export const AdminCourseListResponseSchema = paginated(AdminCourseListItemSchema);
export type AdminCourseListResponse = z.infer<typeof AdminCourseListResponseSchema>;

export const AdminModuleSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  order: z.number().int(),
  lessons: z.array(LessonSchema),
  lessons_count: z.number().int().nonnegative(),
});
export type AdminModule = z.infer<typeof AdminModuleSchema>;

export const CourseCohortSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: CohortStatusSchema,
  total_students: z.number().int().nonnegative(),
});
export type CourseCohort = z.infer<typeof CourseCohortSchema>;

export const LessonEngagementSchema = z.object({
  lesson_id_slug: z.string(),
  lesson_title: z.string(),
  lesson_lesson_type: LessonTypeSchema,
});
export const ModuleEngagementSchema = z.object({
  module_id_slug: z.string(),
  module_title: z.string(),
  module_completion_percentage: z.number(),
  lessons_engagement: z.array(LessonEngagementSchema),
});
export const CourseEngagementSchema = z.object({
  active_students: z.number().int().nonnegative(),
  total_students: z.number().int().nonnegative(),
  total_dropped: z.number().int().nonnegative(),
  course_completion_percentage: z.number(),
  modules_engagement: z.array(ModuleEngagementSchema),
});
export type CourseEngagement = z.infer<typeof CourseEngagementSchema>;

export const AdminCourseSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  description: z.string(),
  created_date: z.string(),
  modified_date: z.string(),
  modules: z.array(AdminModuleSchema),
  cohorts: z.array(CourseCohortSchema),
  engagement: CourseEngagementSchema,
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

export const AdminCourseResponseSchema = z.object({ data: AdminCourseSchema });
export type AdminCourseResponse = z.infer<typeof AdminCourseResponseSchema>;

const CourseTitleSchema = requiredText(ADMIN_MESSAGES.courseTitleRequired, 200);
const DescriptionSchema = plainText(10_000, { multiline: true }, 'Description is too long');

export const CreateCourseSchema = z.strictObject({
  title: CourseTitleSchema,
  description: DescriptionSchema.optional().default(''),
});
export type CreateCourse = z.infer<typeof CreateCourseSchema>;
export const CreateCourseResponseSchema = AdminCourseListItemSchema;
export type CreateCourseResponse = z.infer<typeof CreateCourseResponseSchema>;

export const UpdateCourseSchema = z.strictObject({
  title: CourseTitleSchema,
  description: DescriptionSchema.optional(),
});
export type UpdateCourse = z.infer<typeof UpdateCourseSchema>;
export const UpdateCourseResponseSchema = z.object({ id_slug: z.string() });
export type UpdateCourseResponse = z.infer<typeof UpdateCourseResponseSchema>;

/** A lesson as the curriculum editor sends it; no id_slug for a new lesson. */
export const LessonInputSchema = z.strictObject({
  id_slug: IdSlugSchema.optional(),
  title: requiredText(ADMIN_MESSAGES.lessonTitleRequired, 200),
  description: plainText(10_000, { multiline: true }).optional().default(''),
  order: z.number({ error: 'Order is required' }).int().min(0),
  lesson_type: LessonTypeSchema,
  reading_pdf_id_slugs: z.array(plainText(2000).min(1)).max(50).optional().default([]),
  link_urls: z.array(z.url({ error: 'Invalid link URL' })).max(50).optional().default([]),
  video_lecture_id_slug: IdSlugSchema.nullable().optional(),
  project_group_id_slug: IdSlugSchema.nullable().optional(),
  quiz_group_id_slug: IdSlugSchema.nullable().optional(),
});
export type LessonInput = z.infer<typeof LessonInputSchema>;

const ModuleTitleSchema = requiredText(ADMIN_MESSAGES.moduleTitleRequired, 200);

export const AddModuleSchema = z.strictObject({
  title: ModuleTitleSchema,
  order: z.number({ error: 'Order is required' }).int().min(0),
  lessons: z.array(LessonInputSchema).max(500).optional().default([]),
});
export type AddModule = z.infer<typeof AddModuleSchema>;
export const AddModuleResponseSchema = z.object({ id_slug: z.string() });
export type AddModuleResponse = z.infer<typeof AddModuleResponseSchema>;

export const ModuleInputSchema = z.strictObject({
  id_slug: IdSlugSchema.optional(),
  title: ModuleTitleSchema,
  order: z.number({ error: 'Order is required' }).int().min(0),
  lessons: z.array(LessonInputSchema).max(500),
});
export type ModuleInput = z.infer<typeof ModuleInputSchema>;

/** The whole curriculum of a course; modules and lessons left out are deleted. */
export const UpdateModulesSchema = z.strictObject({
  modules: z.array(ModuleInputSchema).max(200),
});
export type UpdateModules = z.infer<typeof UpdateModulesSchema>;
export const UpdateModulesResponseSchema = z.object({
  id_slug: z.string(),
  modules: z.array(AdminModuleSchema),
});
export type UpdateModulesResponse = z.infer<typeof UpdateModulesResponseSchema>;

// ---- cohorts ---------------------------------------------------------------------

export const AdminCohortListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.cohorts,
  order_by: DEFAULT_SORTS.cohorts,
}).extend({
  /** Only the cohorts in this status (derived from their dates). */
  status: CohortStatusSchema.optional(),
});
export type AdminCohortListQuery = z.infer<typeof AdminCohortListQuerySchema>;

export const AdminCohortListItemSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  end_access_date: z.string(),
  result_open_date: z.string().nullable(),
  status: CohortStatusSchema,
  total_active: z.number().int().nonnegative(),
  total_students: z.number().int().nonnegative(),
  total_dropped: z.number().int().nonnegative(),
  courses_count: z.number().int().nonnegative(),
  created_date: z.string(),
});
export type AdminCohortListItem = z.infer<typeof AdminCohortListItemSchema>;

export const AdminCohortListResponseSchema = paginated(AdminCohortListItemSchema);
export type AdminCohortListResponse = z.infer<typeof AdminCohortListResponseSchema>;

export const ActiveCohortSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: CohortStatusSchema,
});
export type ActiveCohort = z.infer<typeof ActiveCohortSchema>;
export const ActiveCohortsResponseSchema = z.array(ActiveCohortSchema);
export type ActiveCohortsResponse = z.infer<typeof ActiveCohortsResponseSchema>;

export const CohortEnrollmentSchema = z.object({
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  enrolment_status: EnrolmentStatusSchema,
});
export type CohortEnrollment = z.infer<typeof CohortEnrollmentSchema>;

export const StudentSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** The enrolment in the cohort asked for (or the latest one); null when not enrolled. */
  cohort_enrollment: CohortEnrollmentSchema.nullable(),
  enrolment_status: EnrolmentStatusSchema.nullable(),
  latest_access_datetime: z.string().nullable(),
  completion_percentage: z.number(),
  /** The account is suspended (it cannot sign in), whatever its enrolments say. */
  is_suspended: z.boolean(),
});
export type Student = z.infer<typeof StudentSchema>;

export const CohortCourseSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  description: z.string(),
  modules_count: z.number().int().nonnegative(),
  lessons_count: z.number().int().nonnegative(),
});
export type CohortCourse = z.infer<typeof CohortCourseSchema>;

export const CohortCertificateSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  provider: z.array(z.string()),
});
export type CohortCertificate = z.infer<typeof CohortCertificateSchema>;

export const AdminCohortSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  end_access_date: z.string(),
  result_open_date: z.string().nullable(),
  status: CohortStatusSchema,
  total_active: z.number().int().nonnegative(),
  total_students: z.number().int().nonnegative(),
  total_dropped: z.number().int().nonnegative(),
  courses: z.array(CohortCourseSchema),
  /** The first page of students (PAGE_SIZES.cohortStudents); the students call pages the rest. */
  students: z.array(StudentSchema),
  certificates: z.array(CohortCertificateSchema),
});
export type AdminCohort = z.infer<typeof AdminCohortSchema>;

export const AdminCohortResponseSchema = z.object({ data: AdminCohortSchema });
export type AdminCohortResponse = z.infer<typeof AdminCohortResponseSchema>;

const cohortDatesShape = {
  title: requiredText(ADMIN_MESSAGES.cohortTitleRequired, 200),
  start_date: z
    .string({ error: ADMIN_MESSAGES.startDateRequired })
    .min(1, { error: ADMIN_MESSAGES.startDateRequired })
    .pipe(DateTimeSchema),
  end_date: z
    .string({ error: ADMIN_MESSAGES.endDateRequired })
    .min(1, { error: ADMIN_MESSAGES.endDateRequired })
    .pipe(DateTimeSchema),
  end_access_date: z
    .string({ error: ADMIN_MESSAGES.endAccessDateRequired })
    .min(1, { error: ADMIN_MESSAGES.endAccessDateRequired })
    .pipe(DateTimeSchema),
  result_open_date: DateTimeSchema.nullable().optional(),
};

const endAfterStart = matchesOrder('start_date', 'end_date', ADMIN_MESSAGES.endDateAfterStart, true);
const accessAfterEnd = matchesOrder('end_date', 'end_access_date', ADMIN_MESSAGES.endAccessAfterEnd, false);

export const UpdateCohortSchema = z
  .strictObject(cohortDatesShape)
  .refine(endAfterStart.check, endAfterStart.params)
  .refine(accessAfterEnd.check, accessAfterEnd.params);
export type UpdateCohort = z.infer<typeof UpdateCohortSchema>;
export const UpdateCohortResponseSchema = z.object({ id_slug: z.string() });
export type UpdateCohortResponse = z.infer<typeof UpdateCohortResponseSchema>;

export const CreateCohortSchema = z
  .strictObject({
    ...cohortDatesShape,
    course_ids: z
      .array(IdSlugSchema, { error: ADMIN_MESSAGES.linkCourseRequired })
      .min(1, { error: ADMIN_MESSAGES.linkCourseRequired })
      .max(100)
      .refine((ids) => new Set(ids).size === ids.length, {
        error: ADMIN_MESSAGES.courseAlreadyAdded,
        when: (payload) => Array.isArray(payload.value) && payload.value.length > 0,
      }),
  })
  .refine(endAfterStart.check, endAfterStart.params)
  .refine(accessAfterEnd.check, accessAfterEnd.params);
export type CreateCohort = z.infer<typeof CreateCohortSchema>;
export const CreateCohortResponseSchema = AdminCohortListItemSchema;
export type CreateCohortResponse = z.infer<typeof CreateCohortResponseSchema>;

export const AddCourseToCohortSchema = z.strictObject({ course_id_slug: IdSlugSchema });
export type AddCourseToCohort = z.infer<typeof AddCourseToCohortSchema>;
export const CohortCourseLinkResponseSchema = z.object({
  cohort_id_slug: z.string(),
  course_id_slug: z.string(),
});
export type CohortCourseLinkResponse = z.infer<typeof CohortCourseLinkResponseSchema>;

export const DeleteResponseSchema = z.object({ message: z.string() });
export type DeleteResponse = z.infer<typeof DeleteResponseSchema>;

// ---- students of a cohort --------------------------------------------------------

export const AdminStudentListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.students,
  order_by: DEFAULT_SORTS.students,
}).extend({
  cohort_id_slug: IdSlugSchema.optional(),
  role: RoleSchema.optional(),
  exclude_cohort_id_slug: IdSlugSchema.optional(),
});
export type AdminStudentListQuery = z.infer<typeof AdminStudentListQuerySchema>;

export const AdminStudentListItemSchema = StudentSchema.extend({
  role: RoleSchema,
  created_date: z.string(),
});
export type AdminStudentListItem = z.infer<typeof AdminStudentListItemSchema>;
export const AdminStudentListResponseSchema = paginated(AdminStudentListItemSchema);
export type AdminStudentListResponse = z.infer<typeof AdminStudentListResponseSchema>;

export const UpdateStudentEnrolmentSchema = z.strictObject({
  user_id_slug: IdSlugSchema,
  enrolment_status: z.enum(['ACTIVE', 'SUSPENDED'], { error: 'enrolment_status must be ACTIVE or SUSPENDED' }),
});
export type UpdateStudentEnrolment = z.infer<typeof UpdateStudentEnrolmentSchema>;
export const UpdateStudentEnrolmentResponseSchema = CohortIdSlugResponseSchema;

export const RemoveStudentSchema = z.strictObject({ user_id_slug: IdSlugSchema });
export type RemoveStudent = z.infer<typeof RemoveStudentSchema>;
export const StudentCohortResponseSchema = z.object({
  user_info: UserInfoSchema,
  cohort_info: CohortInfoSchema,
});
export type StudentCohortResponse = z.infer<typeof StudentCohortResponseSchema>;
export const RemoveStudentResponseSchema = StudentCohortResponseSchema;

export const AddStudentSchema = z.strictObject({ user_id_slug: IdSlugSchema });
export type AddStudent = z.infer<typeof AddStudentSchema>;
export const AddStudentResponseSchema = StudentCohortResponseSchema;

/** One CSV row; rows are checked one by one by the server and bad ones reported in error_students. */
export const BulkStudentRowSchema = z.strictObject({
  email: plainText(320),
  first_name: plainText(200),
  last_name: plainText(200),
});
export type BulkStudentRow = z.infer<typeof BulkStudentRowSchema>;

export const AddStudentBulkSchema = z.strictObject({
  students: z
    .array(BulkStudentRowSchema, { error: ADMIN_MESSAGES.noStudentsUploaded })
    .min(1, { error: ADMIN_MESSAGES.noStudentsUploaded })
    .max(MAX_BULK_STUDENTS, { error: `At most ${MAX_BULK_STUDENTS} students can be added at once` }),
});
export type AddStudentBulk = z.infer<typeof AddStudentBulkSchema>;

export const QueueEntrySchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type QueueEntry = z.infer<typeof QueueEntrySchema>;

export const BulkErrorStudentSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  reason: z.string(),
});
export type BulkErrorStudent = z.infer<typeof BulkErrorStudentSchema>;

export const BulkAddResultSchema = z.object({
  total_processed: z.number().int().nonnegative(),
  successfully_added_to_cohort: z.number().int().nonnegative(),
  added_to_queue: z.number().int().nonnegative(),
  already_in_cohort: z.number().int().nonnegative(),
  already_in_queue: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  queued_students: z.array(QueueEntrySchema),
  error_students: z.array(BulkErrorStudentSchema),
});
export type BulkAddResult = z.infer<typeof BulkAddResultSchema>;

const pageOnlyQuery = (pageSize: number) =>
  makeListQuerySchema({ page_size: pageSize }).pick({ page: true, page_size: true });

export const CohortStudentsQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.cohortStudents,
  order_by: '-created_date',
});
export type CohortStudentsQuery = z.infer<typeof CohortStudentsQuerySchema>;
export const CohortStudentsResponseSchema = z.object({
  data: z.array(StudentSchema),
  count: z.number().int().nonnegative(),
});
export type CohortStudentsResponse = z.infer<typeof CohortStudentsResponseSchema>;

export const CohortQueueQuerySchema = pageOnlyQuery(PAGE_SIZES.cohortQueue);
export type CohortQueueQuery = z.infer<typeof CohortQueueQuerySchema>;
export const CohortQueueResponseSchema = z.object({
  results: z.array(QueueEntrySchema),
  count: z.number().int().nonnegative(),
});
export type CohortQueueResponse = z.infer<typeof CohortQueueResponseSchema>;

// ---- certificates --------------------------------------------------------------------

export const AdminCertificateListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.certificates,
  order_by: DEFAULT_SORTS.certificates,
}).extend({
  cohort_id_slug: IdSlugSchema.optional(),
  exclude_cohort_id_slug: IdSlugSchema.optional(),
});
export type AdminCertificateListQuery = z.infer<typeof AdminCertificateListQuerySchema>;

export const AdminCertificateSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  provider: z.array(z.string()),
  created_date: z.string(),
  cohorts_count: z.number().int().nonnegative(),
});
export type AdminCertificate = z.infer<typeof AdminCertificateSchema>;
export const AdminCertificateListResponseSchema = paginated(AdminCertificateSchema);
export type AdminCertificateListResponse = z.infer<typeof AdminCertificateListResponseSchema>;

export const CreateCertificateSchema = z.strictObject({
  title: requiredText(ADMIN_MESSAGES.certificateTitleRequired, 200),
  provider: z
    .array(plainText(200).min(1, { error: 'Provider is required' }))
    .min(1, { error: 'Provider is required' })
    .max(20)
    .optional()
    .default([DEFAULT_CERTIFICATE_PROVIDER]),
});
export type CreateCertificate = z.infer<typeof CreateCertificateSchema>;
export const CreateCertificateResponseSchema = z.object({ id_slug: z.string() });
export type CreateCertificateResponse = z.infer<typeof CreateCertificateResponseSchema>;

export const AddCertificateToCohortSchema = z.strictObject({ certificate_id_slug: IdSlugSchema });
export type AddCertificateToCohort = z.infer<typeof AddCertificateToCohortSchema>;
export const AddCertificateToCohortResponseSchema = z.object({
  cohort_id_slug: z.string(),
  certificate_id_slug: z.string(),
});
export type AddCertificateToCohortResponse = z.infer<typeof AddCertificateToCohortResponseSchema>;


// ---- instructor home -------------------------------------------------------------------

/** A cohort an instructor teaches, with its courses (read-only). */
export const InstructorCohortSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  end_access_date: z.string(),
  status: CohortStatusSchema,
  total_active: z.number().int().nonnegative(),
  total_students: z.number().int().nonnegative(),
  courses: z.array(CohortCourseSchema),
});
export type InstructorCohort = z.infer<typeof InstructorCohortSchema>;
export const InstructorCohortsResponseSchema = z.object({ data: z.array(InstructorCohortSchema) });
export type InstructorCohortsResponse = z.infer<typeof InstructorCohortsResponseSchema>;

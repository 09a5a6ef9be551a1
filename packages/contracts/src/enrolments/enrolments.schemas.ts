import { z } from 'zod';
import { IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { ADMIN_MESSAGES, DEFAULT_SORTS, PAGE_SIZES } from '../common/admin-console';
import { plainText } from '../common/text';
import { EmailSchema, RoleSchema } from '../auth/auth.schemas';
import { EnrolmentStatusSchema } from '../learning/learning.schemas';

/** Most rows accepted by one bulk add. */
export const MAX_BULK_STUDENTS = 10_000;

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

export const CohortEnrollmentSchema = z.object({
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  enrolment_status: EnrolmentStatusSchema,
});
export type CohortEnrollment = z.infer<typeof CohortEnrollmentSchema>;

/** A user (UserInfo) with their enrolment and progress. */
export const StudentSchema = UserInfoSchema.extend({
  /** The enrolment in the cohort asked for (or the latest one); null when not enrolled. */
  cohort_enrollment: CohortEnrollmentSchema.nullable(),
  enrolment_status: EnrolmentStatusSchema.nullable(),
  latest_access_datetime: z.string().nullable(),
  completion_percentage: z.number(),
  /** The account is suspended (it cannot sign in), whatever its enrolments say. */
  is_suspended: z.boolean(),
});
export type Student = z.infer<typeof StudentSchema>;

export const AdminStudentListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.students,
  order_by: DEFAULT_SORTS.students,
}).extend({
  cohort_id_slug: IdSlugSchema.optional(),
  role: RoleSchema.optional(),
  exclude_cohort_id_slug: IdSlugSchema.optional(),
});
export type AdminStudentListQuery = z.infer<typeof AdminStudentListQuerySchema>;

/** One of a student's cohorts on the school-wide list, with the student's progress in it. */
export const StudentCohortProgressSchema = CohortEnrollmentSchema.extend({
  completion_percentage: z.number(),
  latest_access_datetime: z.string().nullable(),
});
export type StudentCohortProgress = z.infer<typeof StudentCohortProgressSchema>;

export const AdminStudentListItemSchema = StudentSchema.extend({
  role: RoleSchema,
  created_date: z.string(),
  /** Every cohort the student is enrolled in, newest enrolment first (empty when none). */
  cohort_enrollments: z.array(StudentCohortProgressSchema),
});
export type AdminStudentListItem = z.infer<typeof AdminStudentListItemSchema>;
export const AdminStudentListResponseSchema = paginated(AdminStudentListItemSchema);
export type AdminStudentListResponse = z.infer<typeof AdminStudentListResponseSchema>;

export const RemoveStudentSchema = z.strictObject({ user_id_slug: IdSlugSchema });
export type RemoveStudent = z.infer<typeof RemoveStudentSchema>;

export const ADD_STUDENT_ONE_OF = 'Give either user_id_slug or email';
export const NAMES_NEED_EMAIL = 'A name goes with an email only';

/**
 * The student to add: an account (`user_id_slug`, as for removal), or an email with an optional
 * name. An email without an account joins the cohort's queue and is invited, as in a bulk add.
 */
export const AddStudentSchema = z
  .strictObject({
    user_id_slug: IdSlugSchema.optional(),
    email: EmailSchema.optional(),
    first_name: plainText(200).optional(),
    last_name: plainText(200).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.user_id_slug === undefined) === (body.email === undefined))
      ctx.addIssue({ code: 'custom', path: [body.user_id_slug === undefined ? 'email' : 'user_id_slug'], message: ADD_STUDENT_ONE_OF });
    else if (body.user_id_slug !== undefined && (body.first_name !== undefined || body.last_name !== undefined))
      ctx.addIssue({ code: 'custom', path: [body.first_name !== undefined ? 'first_name' : 'last_name'], message: NAMES_NEED_EMAIL });
  });
export type AddStudent = z.infer<typeof AddStudentSchema>;

export const UpdateStudentEnrolmentSchema = RemoveStudentSchema.extend({
  enrolment_status: z.enum(['ACTIVE', 'SUSPENDED'], { error: 'enrolment_status must be ACTIVE or SUSPENDED' }),
});
export type UpdateStudentEnrolment = z.infer<typeof UpdateStudentEnrolmentSchema>;
export const UpdateStudentEnrolmentResponseSchema = CohortIdSlugResponseSchema;

/** An admin marks a student's enrolment COMPLETED (the spec's third enrolment status); it then stays so. */
export const CompleteStudentEnrolmentSchema = RemoveStudentSchema;
export type CompleteStudentEnrolment = z.infer<typeof CompleteStudentEnrolmentSchema>;
export const CompleteStudentEnrolmentResponseSchema = CohortIdSlugResponseSchema;

export const StudentCohortResponseSchema = z.object({
  user_info: UserInfoSchema,
  cohort_info: CohortInfoSchema,
});
export type StudentCohortResponse = z.infer<typeof StudentCohortResponseSchema>;
export const RemoveStudentResponseSchema = StudentCohortResponseSchema;

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

export const BulkErrorStudentSchema = QueueEntrySchema.extend({
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

/** An account added answers the student and the cohort; an email answers the bulk add's summary of its one row. */
export const AddStudentResponseSchema = z.union([StudentCohortResponseSchema, BulkAddResultSchema]);
export type AddStudentResponse = z.infer<typeof AddStudentResponseSchema>;

const pageOnlyQuery = (pageSize: number) => makeListQuerySchema({ page_size: pageSize }).pick({ page: true, page_size: true });

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

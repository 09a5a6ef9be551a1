import { z } from 'zod';
import {
  DateTimeSchema,
  IdSlugResponseSchema,
  IdSlugSchema,
  makeListQuerySchema,
  MessageResponseSchema,
  paginated,
} from '../common/common.schemas';
import { ADMIN_MESSAGES, DEFAULT_SORTS, PAGE_SIZES } from '../common/admin-console';
import { matchesOrder } from '../common/refine';
import { plainText, requiredText } from '../common/text';
import { AdminCertificateSchema } from '../certificates/certificates.schemas';
import { AdminCourseListItemSchema } from '../courses/courses.schemas';
import { CohortIdSlugResponseSchema, StudentSchema } from '../enrolments/enrolments.schemas';
import { CohortStatusSchema } from '../learning/learning.schemas';

export const CohortCourseParamsSchema = z.object({ cohortId: IdSlugSchema, courseId: IdSlugSchema });

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

export const ActiveCohortSchema = AdminCohortListItemSchema.pick({
  id_slug: true,
  title: true,
  start_date: true,
  end_date: true,
  status: true,
});
export type ActiveCohort = z.infer<typeof ActiveCohortSchema>;
export const ActiveCohortsResponseSchema = z.array(ActiveCohortSchema);
export type ActiveCohortsResponse = z.infer<typeof ActiveCohortsResponseSchema>;

/** A course linked to a cohort: the course list item without dates and cohort count. */
export const CohortCourseSchema = AdminCourseListItemSchema.pick({
  id_slug: true,
  title: true,
  description: true,
  modules_count: true,
  lessons_count: true,
});
export type CohortCourse = z.infer<typeof CohortCourseSchema>;

export const CohortCertificateSchema = AdminCertificateSchema.pick({
  id_slug: true,
  title: true,
  provider: true,
});
export type CohortCertificate = z.infer<typeof CohortCertificateSchema>;

/** A cohort with its courses, students and certificates: the list item's fields without its course count and creation date. */
export const AdminCohortSchema = AdminCohortListItemSchema.omit({
  courses_count: true,
  created_date: true,
}).extend({
  courses: z.array(CohortCourseSchema),
  /** The first page of students (PAGE_SIZES.cohortStudents); the students call pages the rest. */
  students: z.array(StudentSchema),
  certificates: z.array(CohortCertificateSchema),
  /**
   * Linked courses with no grade item in this cohort: nothing in them is graded (graded_lessons 0:
   * the course has no quiz or project), or their quizzes and projects stay closed until items are set.
   */
  courses_without_grade_items: z.array(z.object({ id_slug: z.string(), title: z.string(), graded_lessons: z.number().int() })).optional(),
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
  end_date: z.string({ error: ADMIN_MESSAGES.endDateRequired }).min(1, { error: ADMIN_MESSAGES.endDateRequired }).pipe(DateTimeSchema),
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
export const UpdateCohortResponseSchema = IdSlugResponseSchema;
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
/** The cohort's courses in their new order: each linked course once. */
export const ReorderCohortCoursesSchema = z.strictObject({ course_id_slugs: z.array(IdSlugSchema).min(1).max(100) });
export type ReorderCohortCourses = z.infer<typeof ReorderCohortCoursesSchema>;
export const COURSE_ORDER_MESSAGE = 'List every course of the cohort once, in the new order';
export const CohortCourseLinkResponseSchema = CohortIdSlugResponseSchema.extend({
  course_id_slug: z.string(),
});
export type CohortCourseLinkResponse = z.infer<typeof CohortCourseLinkResponseSchema>;

export const DeleteResponseSchema = MessageResponseSchema;
export type DeleteResponse = z.infer<typeof DeleteResponseSchema>;

// ---- instructor home -------------------------------------------------------------------

/** A cohort an instructor teaches, with its courses (read-only): part of the admin view of a cohort. */
export const InstructorCohortSchema = AdminCohortSchema.pick({
  id_slug: true,
  title: true,
  start_date: true,
  end_date: true,
  end_access_date: true,
  status: true,
  total_active: true,
  total_students: true,
  courses: true,
});
export type InstructorCohort = z.infer<typeof InstructorCohortSchema>;
export const InstructorCohortsResponseSchema = z.object({ data: z.array(InstructorCohortSchema) });
export type InstructorCohortsResponse = z.infer<typeof InstructorCohortsResponseSchema>;

// ---- the cohort's instructors --------------------------------------------------------------

/** A staff account teaching a cohort (or one that may be made to): instructors, and admins. */
export const CohortInstructorSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['ADMIN', 'INSTRUCTOR']),
});
export type CohortInstructor = z.infer<typeof CohortInstructorSchema>;
export const CohortInstructorsResponseSchema = z.object({ data: z.array(CohortInstructorSchema) });
export type CohortInstructorsResponse = z.infer<typeof CohortInstructorsResponseSchema>;
export const InstructorCandidatesQuerySchema = z.object({ search_query: plainText(200).optional() });
export type InstructorCandidatesQuery = z.infer<typeof InstructorCandidatesQuerySchema>;
export const AssignInstructorSchema = z.strictObject({ user_id_slug: IdSlugSchema });
export type AssignInstructor = z.infer<typeof AssignInstructorSchema>;
export const CohortInstructorParamsSchema = z.object({ cohortId: IdSlugSchema, userId: IdSlugSchema });

/** Messages of the instructor assignment. */
export const INSTRUCTOR_MESSAGES = {
  notStaff: 'Choose an instructor or admin account',
  notTeaching: 'This staff member does not teach this cohort',
} as const;

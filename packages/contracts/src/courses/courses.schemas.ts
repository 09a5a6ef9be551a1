import { z } from 'zod';
import { IdSlugResponseSchema, IdSlugSchema, makeListQuerySchema, MessageResponseSchema, paginated } from '../common/common.schemas';
import { ADMIN_MESSAGES, DEFAULT_SORTS, PAGE_SIZES } from '../common/admin-console';
import { plainText, requiredText } from '../common/text';
import { CohortStatusSchema, LessonSchema, LessonTypeSchema } from '../learning/learning.schemas';

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

/** A course with its curriculum: the list item's fields without the counts, plus modules, cohorts and engagement. */
export const AdminCourseSchema = AdminCourseListItemSchema.omit({
  modules_count: true,
  lessons_count: true,
  cohorts_count: true,
}).extend({
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

/** As creation, but a missing description is left unchanged rather than emptied. */
export const UpdateCourseSchema = CreateCourseSchema.extend({
  description: DescriptionSchema.optional(),
});
export type UpdateCourse = z.infer<typeof UpdateCourseSchema>;
export const UpdateCourseResponseSchema = IdSlugResponseSchema;
export type UpdateCourseResponse = z.infer<typeof UpdateCourseResponseSchema>;

export const DeleteCourseResponseSchema = MessageResponseSchema;
export type DeleteCourseResponse = z.infer<typeof DeleteCourseResponseSchema>;
export const COURSE_DELETED_MESSAGE = 'Course deleted';
/** Why a course a cohort uses stays: deleting it would take its lessons out of that cohort's students' learning. */
export const courseInUseMessage = (cohortTitles: string[]) =>
  `This course cannot be deleted: it is used by ${cohortTitles.length === 1 ? 'the cohort' : 'the cohorts'} ${cohortTitles.join(', ')}.`;

export const LINK_URL_MESSAGE = 'Links must be web addresses starting with http:// or https://';
/**
 * A lesson's link: a web address only. Other schemes (`javascript:`, `data:`, `file:`...) would run
 * or open something other than a page when a student clicks the link, so they are refused.
 */
export const LinkUrlSchema = z.url({ protocol: /^https?$/, error: LINK_URL_MESSAGE }).max(2000, {
  error: 'A link may be at most 2000 characters',
});

/** A lesson as the curriculum editor sends it; no id_slug for a new lesson. */
export const LessonInputSchema = z.strictObject({
  id_slug: IdSlugSchema.optional(),
  title: requiredText(ADMIN_MESSAGES.lessonTitleRequired, 200),
  description: plainText(10_000, { multiline: true }).optional().default(''),
  order: z.number({ error: 'Order is required' }).int().min(0),
  lesson_type: LessonTypeSchema,
  reading_pdf_id_slugs: z.array(plainText(2000).min(1)).max(50).optional().default([]),
  link_urls: z.array(LinkUrlSchema).max(50).optional().default([]),
  video_lecture_id_slug: IdSlugSchema.nullable().optional(),
  /** WebVTT captions of the video (an uploaded captions file); left out keeps the lesson's, null removes them. */
  video_captions_id_slug: IdSlugSchema.nullable().optional(),
  project_group_id_slug: IdSlugSchema.nullable().optional(),
  quiz_group_id_slug: IdSlugSchema.nullable().optional(),
});
export type LessonInput = z.infer<typeof LessonInputSchema>;

export const ModuleInputSchema = z.strictObject({
  id_slug: IdSlugSchema.optional(),
  title: requiredText(ADMIN_MESSAGES.moduleTitleRequired, 200),
  order: z.number({ error: 'Order is required' }).int().min(0),
  lessons: z.array(LessonInputSchema).max(500),
});
export type ModuleInput = z.infer<typeof ModuleInputSchema>;

/** A new module: no id_slug, and its lessons may be left out. */
export const AddModuleSchema = ModuleInputSchema.omit({ id_slug: true }).extend({
  lessons: z.array(LessonInputSchema).max(500).optional().default([]),
});
export type AddModule = z.infer<typeof AddModuleSchema>;
export const AddModuleResponseSchema = IdSlugResponseSchema;
export type AddModuleResponse = z.infer<typeof AddModuleResponseSchema>;

/** The whole curriculum of a course; modules and lessons left out are deleted. */
export const UpdateModulesSchema = z.strictObject({
  modules: z.array(ModuleInputSchema).max(200),
});
export type UpdateModules = z.infer<typeof UpdateModulesSchema>;
export const UpdateModulesResponseSchema = IdSlugResponseSchema.extend({
  modules: z.array(AdminModuleSchema),
});
export type UpdateModulesResponse = z.infer<typeof UpdateModulesResponseSchema>;

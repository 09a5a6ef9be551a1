import { z } from 'zod';
import { IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { plainText } from '../common/text';
import { CohortInstructorSchema } from '../cohorts/cohorts.schemas';
import { EnrolmentStatusSchema } from '../learning/learning.schemas';

/** Most trainees one assignment may name (a cohort is a few dozen; the cap keeps the body small). */
export const MAX_COACH_TRAINEES = 500;
export const COACH_PAGE_SIZE = 20;

/** A trainee chosen for a coach. */
export const CoachTraineeSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type CoachTrainee = z.infer<typeof CoachTraineeSchema>;

/** A staff member coaching a cohort: the whole cohort, or the trainees chosen for them (by name). */
export const CohortCoachSchema = CohortInstructorSchema.extend({
  whole_cohort: z.boolean(),
  trainees: z.array(CoachTraineeSchema),
});
export type CohortCoach = z.infer<typeof CohortCoachSchema>;
export const CohortCoachesResponseSchema = z.object({ data: z.array(CohortCoachSchema) });
export type CohortCoachesResponse = z.infer<typeof CohortCoachesResponseSchema>;

const TraineeSlugsSchema = z
  .array(IdSlugSchema)
  .max(MAX_COACH_TRAINEES, { error: `Choose at most ${MAX_COACH_TRAINEES} trainees` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'A trainee is listed twice' });

/** Makes a staff account a coach of the cohort: of the trainees listed, or of the whole cohort when none are. */
export const AssignCoachSchema = z.strictObject({
  user_id_slug: IdSlugSchema,
  trainee_id_slugs: TraineeSlugsSchema.default([]),
});
export type AssignCoach = z.infer<typeof AssignCoachSchema>;
export type AssignCoachInput = z.input<typeof AssignCoachSchema>;

/** The trainees a coach follows from now on; none: the whole cohort. */
export const CoachTraineesSchema = z.strictObject({ trainee_id_slugs: TraineeSlugsSchema });
export type CoachTrainees = z.infer<typeof CoachTraineesSchema>;

export const CohortCoachParamsSchema = z.object({ cohortId: IdSlugSchema, userId: IdSlugSchema });
export const CoachCandidatesQuerySchema = z.object({ search_query: plainText(200).optional() });

/** A trainee on the coach's home: one enrolment the coach follows. */
export const MyTraineeSchema = CoachTraineeSchema.extend({
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  enrolment_status: EnrolmentStatusSchema,
  /** The latest time the trainee opened the cohort's learning (null: never). */
  latest_access_datetime: z.string().nullable(),
  completion_percentage: z.number(),
});
export type MyTrainee = z.infer<typeof MyTraineeSchema>;
export const MyTraineesQuerySchema = makeListQuerySchema({ page_size: COACH_PAGE_SIZE, order_by: 'first_name' });
export type MyTraineesQuery = z.infer<typeof MyTraineesQuerySchema>;
export type MyTraineesQueryInput = z.input<typeof MyTraineesQuerySchema>;
export const MyTraineesResponseSchema = paginated(MyTraineeSchema);
export type MyTraineesResponse = z.infer<typeof MyTraineesResponseSchema>;

/** Messages of the coach assignment. */
export const COACH_MESSAGES = {
  notStaff: 'Choose an instructor or admin account',
  notCoaching: 'This staff member does not coach this cohort',
  notEnrolled: 'Choose trainees enrolled in this cohort',
  notFollowed: 'This trainee is not one you follow',
} as const;

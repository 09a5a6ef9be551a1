import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';

/**
 * Career support: the 60 days (the timeline's CAREER phase) after a trainee's on-the-job training.
 * The host company's conversion offer is recorded by the trainee's coach or an admin, append-only;
 * the trainee keeps their own job applications, each stage change kept with its date, and sees
 * their interviews this month against the target.
 */

export const APPLICATION_STAGES = ['APPLIED', 'INTERVIEW', 'OFFER', 'ACCEPTED', 'REJECTED'] as const;
export const ApplicationStageSchema = z.enum(APPLICATION_STAGES, { error: 'Choose a stage' });
export type ApplicationStage = z.infer<typeof ApplicationStageSchema>;
export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  APPLIED: 'Applied',
  INTERVIEW: 'Interview',
  OFFER: 'Offer',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
};
/** Stages an application reaches only by being interviewed: reaching one in a month counts as an interview that month. */
export const INTERVIEWED_STAGES: readonly ApplicationStage[] = ['INTERVIEW', 'OFFER', 'ACCEPTED'];
/** The programme's target: at least this many interviews a calendar month (Malaysian time). */
export const INTERVIEW_TARGET = 3;

export const CONVERSION_OFFER_STATES = ['OFFERED', 'ACCEPTED', 'DECLINED', 'NONE'] as const;
export const ConversionOfferStateSchema = z.enum(CONVERSION_OFFER_STATES, { error: "Choose the host's offer" });
export type ConversionOfferState = z.infer<typeof ConversionOfferStateSchema>;
export const CONVERSION_OFFER_LABELS: Record<ConversionOfferState, string> = {
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  NONE: 'No offer',
};

export const CAREER_MESSAGES = {
  employerRequired: 'Enter the employer',
  roleRequired: 'Enter the role',
  appliedOnRequired: 'Enter the date you applied',
  appliedInFuture: 'The date applied cannot be in the future',
  offerDateRequired: 'Enter the date of the offer',
  offerDateInFuture: 'The date of the offer cannot be in the future',
  sameStage: 'The application is already at this stage',
  notPlaced: 'Career support starts from a placement: you have none yet',
  traineeNotPlaced: 'This trainee has no placement in this cohort',
  applicationNotFound: 'Application not found',
  traineeNotFound: 'Trainee not found',
  cohortNotFound: 'Cohort not found',
} as const;

const date = (message: string) => z.iso.date({ error: message });

/** A job application as the trainee logs it; its stage is APPLIED unless they say it is further on. */
export const CreateJobApplicationSchema = z.strictObject({
  employer: requiredText(CAREER_MESSAGES.employerRequired, 200),
  role: requiredText(CAREER_MESSAGES.roleRequired, 200),
  applied_on: date(CAREER_MESSAGES.appliedOnRequired),
  stage: ApplicationStageSchema.default('APPLIED'),
  note: plainText(1000, { multiline: true }).default(''),
});
export type CreateJobApplication = z.infer<typeof CreateJobApplicationSchema>;
export type CreateJobApplicationInput = z.input<typeof CreateJobApplicationSchema>;

/** A move of an application to another stage: a new entry of its history, dated when it is made. */
export const ChangeApplicationStageSchema = z.strictObject({ stage: ApplicationStageSchema });
export type ChangeApplicationStage = z.infer<typeof ChangeApplicationStageSchema>;

/** The host company's conversion offer as the coach records it; a change is a new entry. */
export const RecordConversionOfferSchema = z.strictObject({
  state: ConversionOfferStateSchema,
  offered_on: date(CAREER_MESSAGES.offerDateRequired),
  note: plainText(1000, { multiline: true }).default(''),
});
export type RecordConversionOffer = z.infer<typeof RecordConversionOfferSchema>;
export type RecordConversionOfferInput = z.input<typeof RecordConversionOfferSchema>;

export const JobApplicationIdParamsSchema = z.object({ applicationId: IdSlugSchema });
export const CareerCohortParamsSchema = z.object({ cohortId: IdSlugSchema });

export const CAREER_CLOCK_STATES = ['BEFORE', 'DURING', 'ENDED'] as const;
/** Where the trainee is in their career phase on a given (Malaysian) day. */
export const CareerClockSchema = z.object({
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  length_days: z.number().int(),
  state: z.enum(CAREER_CLOCK_STATES),
  /** 1 on the first day; null before it starts; the length once it has ended. */
  day: z.number().int().nullable(),
});
export type CareerClock = z.infer<typeof CareerClockSchema>;

export const ConversionOfferSchema = z.object({
  state: ConversionOfferStateSchema,
  offered_on: z.iso.date(),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});
export type ConversionOffer = z.infer<typeof ConversionOfferSchema>;

export const StageChangeSchema = z.object({ stage: ApplicationStageSchema, at: z.string() });

export const JobApplicationSchema = z.object({
  id_slug: z.string(),
  employer: z.string(),
  role: z.string(),
  applied_on: z.iso.date(),
  stage: ApplicationStageSchema,
  note: z.string(),
  /** Every stage it was put at, first first (the first one when it was logged). */
  history: z.array(StageChangeSchema),
});
export type JobApplication = z.infer<typeof JobApplicationSchema>;

/** Applications that reached an interview (or beyond) in `month` ('YYYY-MM', Malaysian time), against the target. */
export const InterviewProgressSchema = z.object({ month: z.string(), count: z.number().int(), target: z.number().int() });
export type InterviewProgress = z.infer<typeof InterviewProgressSchema>;

const PersonSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() });

export const TraineeCareerSchema = z.object({
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  trainee: PersonSchema,
  /** The host company of the trainee's placement in the cohort; null: not placed. */
  host: z.string().nullable(),
  clock: CareerClockSchema,
  /** Newest first: the first one is the offer as it stands. */
  offers: z.array(ConversionOfferSchema),
  /** Newest application first. */
  applications: z.array(JobApplicationSchema),
  interviews: InterviewProgressSchema,
});
export type TraineeCareer = z.infer<typeof TraineeCareerSchema>;

/** The trainee's own career support (their latest placement's cohort); null when they were never placed. */
export const MyCareerResponseSchema = z.object({ data: TraineeCareerSchema.nullable() });
export type MyCareerResponse = z.infer<typeof MyCareerResponseSchema>;
export const TraineeCareerResponseSchema = z.object({ data: TraineeCareerSchema });
export type TraineeCareerResponse = z.infer<typeof TraineeCareerResponseSchema>;
export const JobApplicationResponseSchema = z.object({ data: JobApplicationSchema });
export const DeletedApplicationResponseSchema = z.object({ deleted: z.literal(true) });

export const PipelineRowSchema = z.object({
  trainee: PersonSchema,
  placed: z.boolean(),
  stages: z.object(Object.fromEntries(APPLICATION_STAGES.map((s) => [s, z.number().int()])) as Record<ApplicationStage, z.ZodNumber>),
  interviews_this_month: z.number().int(),
  last_applied_on: z.iso.date().nullable(),
  /** The host's conversion offer as it stands; null: none recorded. */
  offer: ConversionOfferStateSchema.nullable(),
  clock: CareerClockSchema,
});
export type PipelineRow = z.infer<typeof PipelineRowSchema>;

export const CareerPipelineResponseSchema = z.object({
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  month: z.string(),
  target: z.number().int(),
  data: z.array(PipelineRowSchema),
});
export type CareerPipelineResponse = z.infer<typeof CareerPipelineResponseSchema>;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The career clock of a phase window (`start` to `end`, both included) on `today` (all Malaysian dates). */
export function careerClock(start: string, end: string, today: string): CareerClock {
  const length = dayNumber(end) - dayNumber(start) + 1;
  if (today < start) return { starts_on: start, ends_on: end, length_days: length, state: 'BEFORE', day: null };
  if (today > end) return { starts_on: start, ends_on: end, length_days: length, state: 'ENDED', day: length };
  return { starts_on: start, ends_on: end, length_days: length, state: 'DURING', day: dayNumber(today) - dayNumber(start) + 1 };
}

/** The clock as a trainee and their coach read it: 'Day 20 of 60', or when it starts or ended (`formatDate` writes a date). */
export function careerClockText(clock: CareerClock, formatDate: (date: string) => string): string {
  if (clock.state === 'BEFORE') return `Career support starts on ${formatDate(clock.starts_on)}`;
  if (clock.state === 'ENDED') return `Career support ended on ${formatDate(clock.ends_on)}`;
  return `Day ${clock.day} of ${clock.length_days}`;
}

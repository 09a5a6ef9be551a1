import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';
import { ApplicantTokenSchema } from './admissions.schemas';

// ---- interviews: the stage between shortlist and offer ----------------------------------------

/** Bookings open and close this long before a slot: an applicant books, changes or cancels until then. */
export const INTERVIEW_CHANGE_HOURS = 24;

export const SLOT_START_MESSAGE = 'Choose when the interview starts';
export const SLOT_FUTURE_MESSAGE = 'An interview slot starts in the future';
export const SLOT_DURATION_MESSAGE = 'Duration: a whole number of minutes from 5 to 480';
export const SLOT_CAPACITY_MESSAGE = 'Applicants per slot: a whole number from 1 to 50';
export const SLOT_WHERE_MESSAGE = 'Give the place or the meeting link (or both)';
export const MEETING_LINK_MESSAGE = 'The meeting link is a web address starting with https:// or http://';
export const PANEL_MESSAGE = 'Choose the interviewers of the panel';
export const PANEL_STAFF_MESSAGE = 'Interviewers are staff accounts (admins or instructors)';
export const SLOT_BOOKED_MESSAGE = 'Applicants have booked this slot: it cannot be removed.';

/** An admin publishes a slot of an intake: when, how long, where (place and/or meeting link), for how many, with which panel. */
export const CreateInterviewSlotSchema = z
  .strictObject({
    starts_at: z.iso.datetime({ offset: true, local: true, error: SLOT_START_MESSAGE }),
    duration_minutes: z
      .number({ error: SLOT_DURATION_MESSAGE })
      .int({ error: SLOT_DURATION_MESSAGE })
      .min(5, { error: SLOT_DURATION_MESSAGE })
      .max(480, { error: SLOT_DURATION_MESSAGE }),
    place: plainText(300).default(''),
    meeting_link: z
      .union([z.literal(''), z.url({ protocol: /^https?$/, error: MEETING_LINK_MESSAGE }).max(2000, { error: MEETING_LINK_MESSAGE })])
      .default(''),
    capacity: z
      .number({ error: SLOT_CAPACITY_MESSAGE })
      .int({ error: SLOT_CAPACITY_MESSAGE })
      .min(1, { error: SLOT_CAPACITY_MESSAGE })
      .max(50, { error: SLOT_CAPACITY_MESSAGE })
      .default(1),
    panel_ids: z
      .array(IdSlugSchema, { error: PANEL_MESSAGE })
      .min(1, { error: PANEL_MESSAGE })
      .max(10, { error: 'At most 10 interviewers on a panel' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'Each interviewer once' }),
  })
  .refine((v) => v.place !== '' || v.meeting_link !== '', { path: ['place'], error: SLOT_WHERE_MESSAGE });
export type CreateInterviewSlot = z.infer<typeof CreateInterviewSlotSchema>;
export type CreateInterviewSlotInput = z.input<typeof CreateInterviewSlotSchema>;

export const InterviewSlotParamsSchema = z.object({ slotId: IdSlugSchema });

/** Cancelling a slot that applicants booked: why, told to each of them with the withdrawal of their invitation. */
export const CancelInterviewSlotSchema = z.strictObject({
  reason: requiredText('Say why the slot is cancelled: the applicants who booked it are told', 500),
});
export type CancelInterviewSlot = z.infer<typeof CancelInterviewSlotSchema>;
export const SLOT_CAPACITY_BOOKED_MESSAGE = (booked: number) =>
  `${booked === 1 ? 'One applicant has' : `${booked} applicants have`} booked this slot: it must take at least ${booked === 1 ? 'one' : booked}`;

const PersonSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() });

/** A slot as admins see it: its panel and the applicants who booked it. */
export const InterviewSlotSchema = z.object({
  id_slug: z.string(),
  intake: z.string(),
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  place: z.string(),
  meeting_link: z.string(),
  capacity: z.number().int(),
  /** The moment as people read it, in Malaysia time. */
  starts_at_text: z.string(),
  panel: z.array(PersonSchema),
  bookings: z.array(
    z.object({ application_id_slug: z.string(), full_name: z.string(), booked_at: z.string(), no_show_at: z.string().nullable() }),
  ),
});
export type InterviewSlot = z.infer<typeof InterviewSlotSchema>;
export const InterviewSlotsResponseSchema = z.object({ data: z.array(InterviewSlotSchema) });
export type InterviewSlotsResponse = z.infer<typeof InterviewSlotsResponseSchema>;
export const InterviewSlotResponseSchema = z.object({ data: InterviewSlotSchema });

// ---- the interview rubric --------------------------------------------------------------------

/** One criterion of an intake's interview rubric: a stable id, its title and the most points it gives. */
export const InterviewCriterionSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'Criterion id: letters, digits, - or _ (at most 40)' }),
  title: requiredText('Criterion title is required', 200),
  max_points: z
    .number({ error: 'Max points: a whole number from 1 to 100' })
    .int({ error: 'Max points: a whole number from 1 to 100' })
    .min(1, { error: 'Max points: a whole number from 1 to 100' })
    .max(100, { error: 'Max points: a whole number from 1 to 100' }),
});
export type InterviewCriterion = z.infer<typeof InterviewCriterionSchema>;

/** An intake's interview rubric. Once an interviewer has scored, its criteria ids and max points stay (titles may change). */
export const InterviewRubricSchema = z.strictObject({
  criteria: z
    .array(InterviewCriterionSchema)
    .min(1, { error: 'Add at least one criterion' })
    .max(20, { error: 'At most 20 criteria' })
    .refine((c) => new Set(c.map((x) => x.id)).size === c.length, { error: 'Criterion ids must be unique' }),
});
export type InterviewRubric = z.infer<typeof InterviewRubricSchema>;
export const InterviewRubricResponseSchema = z.object({
  data: z.object({
    intake: z.string(),
    criteria: z.array(InterviewCriterionSchema),
    /** The sum of the criteria's max points. */
    max_total: z.number().int(),
    /** Null while the intake has no interview rubric. */
    updated_at: z.string().nullable(),
    /** Interviewers have scored against it (criteria ids and max points are then fixed). */
    scored: z.boolean(),
  }),
});
export type InterviewRubricResponse = z.infer<typeof InterviewRubricResponseSchema>;
export const INTERVIEW_RUBRIC_FIXED_MESSAGE =
  'Interviewers have scored this intake: its criteria and their max points can no longer change (their titles can).';
export const NO_INTERVIEW_RUBRIC_MESSAGE = 'This intake has no interview rubric yet: an admin defines it before interviewers score.';

// ---- staff: one interview, scores, no-show ----------------------------------------------------

export const InterviewScoreEntrySchema = z.object({
  interviewer: PersonSchema,
  scores: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  comment: z.string(),
  submitted_at: z.string(),
});

/**
 * One application's interview for staff: the booked slot with its panel, the no-show if recorded,
 * the rubric, and the scores: every panel member's for admins, only the caller's own for a panel member.
 */
export const InterviewDetailSchema = z.object({
  application: z.object({ id_slug: z.string(), full_name: z.string(), intake: z.string(), course: z.string(), status: z.string() }),
  booking: z
    .object({
      slot: InterviewSlotSchema.omit({ bookings: true }),
      booked_at: z.string(),
      no_show_at: z.string().nullable(),
      no_show_by: PersonSchema.nullable(),
    })
    .nullable(),
  rubric: z.array(InterviewCriterionSchema),
  max_total: z.number().int(),
  scores: z.array(InterviewScoreEntrySchema),
  /** The caller is on the booked slot's panel. */
  on_panel: z.boolean(),
  /** The caller, on the panel, has declared no conflict of interest with the applicant since the booking. */
  declared: z.boolean(),
  /** The caller may score now: on the panel and declared, the applicant shortlisted, booked and not a no-show, a rubric defined. */
  can_score: z.boolean(),
});
export type InterviewDetail = z.infer<typeof InterviewDetailSchema>;
export const InterviewDetailResponseSchema = z.object({ data: InterviewDetailSchema });
export type InterviewDetailResponse = z.infer<typeof InterviewDetailResponseSchema>;

export const INTERVIEW_POINTS_MESSAGE = 'Each score is a whole number from 0 to the criterion’s max points';
export const INTERVIEW_SCORE_EVERY_CRITERION_MESSAGE = 'Score every criterion of the interview rubric, and only those';
export const NOT_ON_PANEL_MESSAGE = 'Only the interviewers of this applicant’s panel score the interview.';
export const NOT_BOOKED_MESSAGE = 'This applicant has not booked an interview.';
export const NO_SHOW_SCORED_MESSAGE = 'The applicant did not come to the interview: there is nothing to score.';
export const INTERVIEW_STAGE_MESSAGE = 'Interviews are for shortlisted applications.';

/** A panel member's scores: points for every criterion of the intake's interview rubric, and a comment. */
export const InterviewScoreSchema = z.strictObject({
  scores: z.record(
    z.string().max(40),
    z.number({ error: INTERVIEW_POINTS_MESSAGE }).int({ error: INTERVIEW_POINTS_MESSAGE }).min(0, { error: INTERVIEW_POINTS_MESSAGE }),
  ),
  comment: plainText(5000, { multiline: true }).default(''),
});
export type InterviewScore = z.infer<typeof InterviewScoreSchema>;

export const NO_SHOW_EARLY_MESSAGE = 'A no-show is recorded once the interview’s time has come.';
export const NO_SHOW_ALREADY_MESSAGE = 'The no-show is already recorded.';

/** The interviews of the caller's panels, soonest first, each booked applicant with whether the caller has scored them. */
export const MyInterviewsResponseSchema = z.object({
  data: z.array(
    InterviewSlotSchema.omit({ bookings: true }).extend({
      bookings: z.array(
        z.object({
          application_id_slug: z.string(),
          full_name: z.string(),
          course: z.string(),
          no_show_at: z.string().nullable(),
          my_total: z.number().int().nullable(),
          /** Whether the signed-in interviewer has declared no conflict of interest with this applicant. */
          declared: z.boolean(),
        }),
      ),
    }),
  ),
});
export type MyInterviewsResponse = z.infer<typeof MyInterviewsResponseSchema>;

// ---- the applicant's booking through their private link -----------------------------------------

export const SLOT_FULL_MESSAGE = 'This slot is full: choose another one.';
export const SLOT_CLOSED_MESSAGE = `This slot can no longer be booked: bookings close ${INTERVIEW_CHANGE_HOURS} hours before the interview.`;
export const BOOKING_LOCKED_MESSAGE = `Your interview is less than ${INTERVIEW_CHANGE_HOURS} hours away: it can no longer be changed or cancelled. Reply to the school’s email if you cannot come.`;
export const NO_BOOKING_MESSAGE = 'You have no interview booked.';
export const NOT_INTERVIEWING_MESSAGE = 'Interviews are booked once you are on the shortlist.';
export const SLOT_UNKNOWN_MESSAGE = 'Choose one of the interview slots offered to you';

export const BookInterviewSchema = ApplicantTokenSchema.extend({
  slot_id: z.string({ error: SLOT_UNKNOWN_MESSAGE }).regex(/^[0-9a-f]{32}$/, { error: SLOT_UNKNOWN_MESSAGE }),
});
export type BookInterview = z.infer<typeof BookInterviewSchema>;

/** A slot as an applicant sees it: when, how long, where, whether it has room; never who else booked. */
export const ApplicantSlotSchema = z.object({
  id_slug: z.string(),
  starts_at: z.string(),
  starts_at_text: z.string(),
  duration_minutes: z.number().int(),
  place: z.string(),
  meeting_link: z.string(),
  full: z.boolean(),
});
export type ApplicantSlot = z.infer<typeof ApplicantSlotSchema>;

/**
 * The applicant's interview: their booking (null: none), whether they may book or change now, until
 * when (Malaysia time), and the slots open to them (their intake's, more than 24 hours away).
 */
export const ApplicantInterviewSchema = z.object({
  /** Shortlisted: the interview stage. */
  open: z.boolean(),
  booking: ApplicantSlotSchema.extend({ change_until_text: z.string(), can_change: z.boolean(), no_show: z.boolean() }).nullable(),
  slots: z.array(ApplicantSlotSchema),
});
export type ApplicantInterview = z.infer<typeof ApplicantInterviewSchema>;
export const ApplicantInterviewResponseSchema = z.object({ data: ApplicantInterviewSchema, message: z.string().optional() });
export type ApplicantInterviewResponse = z.infer<typeof ApplicantInterviewResponseSchema>;
export const INTERVIEW_BOOKED_MESSAGE = 'Your interview is booked. We have emailed you the details with a calendar invitation.';
export const INTERVIEW_CANCELLED_MESSAGE = 'Your interview booking is cancelled. You can book another slot below.';

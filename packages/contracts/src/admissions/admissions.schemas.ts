import { z } from 'zod';
import {
  ApplicationSchema,
  type ApplicationStatus,
  ApplicationStatusSchema,
  EligibilitySchema,
  ScreeningNotesSchema,
} from '../applications/applications.schemas';
import { DateTimeSchema, IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { EmailSchema } from '../auth/auth.schemas';
import { plainText, requiredText } from '../common/text';
import { ApplicantErasureSchema } from './retention.schemas';

// ---- the pipeline ----------------------------------------------------------------------

/**
 * Every move the server allows, from each state. An admin screens (SUBMITTED -> SCREENED), assigning
 * reviewers starts the review (SCREENED -> IN_REVIEW), admins decide (shortlist, offer, waitlist,
 * reject, withdraw), the applicant accepts or declines an offer through their private link, an
 * offer not answered by its accept-by date expires, and an accepted offer becomes ENROLLED once the
 * person is enrolled in the offered cohort. Ends have no moves.
 */
export const ADMISSION_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  SUBMITTED: ['SCREENED', 'WITHDRAWN'],
  SCREENED: ['IN_REVIEW', 'REJECTED', 'WITHDRAWN'],
  IN_REVIEW: ['SHORTLISTED', 'OFFERED', 'WAITLISTED', 'REJECTED', 'WITHDRAWN'],
  SHORTLISTED: ['OFFERED', 'WAITLISTED', 'REJECTED', 'WITHDRAWN'],
  WAITLISTED: ['OFFERED', 'REJECTED', 'WITHDRAWN'],
  OFFERED: ['ACCEPTED', 'DECLINED', 'OFFER_EXPIRED', 'WITHDRAWN'],
  ACCEPTED: ['ENROLLED', 'WITHDRAWN'],
  ENROLLED: [],
  REJECTED: [],
  DECLINED: [],
  WITHDRAWN: [],
  OFFER_EXPIRED: [],
};

/** The states an application ends in: nothing moves it on. */
export const FINAL_STATUSES: readonly ApplicationStatus[] = ['ENROLLED', 'REJECTED', 'DECLINED', 'WITHDRAWN', 'OFFER_EXPIRED'];

/** Whether the pipeline allows moving an application from `from` to `to`. */
export const canMove = (from: ApplicationStatus, to: ApplicationStatus) => ADMISSION_TRANSITIONS[from].includes(to);

/** The message of a refused move (HTTP 409). */
export const illegalTransitionMessage = (from: ApplicationStatus, to: ApplicationStatus) =>
  `An application that is ${APPLICATION_STATUS_LABELS[from]} cannot become ${APPLICATION_STATUS_LABELS[to]}.`;

/** Staff-facing names of the states. */
export const APPLICATION_STATUS_LABELS: Readonly<Record<ApplicationStatus, string>> = {
  SUBMITTED: 'Submitted',
  SCREENED: 'Screened',
  IN_REVIEW: 'In review',
  SHORTLISTED: 'Shortlisted',
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  ENROLLED: 'Enrolled',
  REJECTED: 'Rejected',
  WAITLISTED: 'Waitlisted',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
  OFFER_EXPIRED: 'Offer expired',
};

/** The applicant's own words for each state, as their status page says it. */
export const APPLICANT_STATUS_TEXT: Readonly<Record<ApplicationStatus, { title: string; text: string }>> = {
  SUBMITTED: {
    title: 'Application received',
    text: 'We have received your application and will check it against the programme’s requirements.',
  },
  SCREENED: { title: 'Application checked', text: 'We have checked your application against the programme’s requirements.' },
  IN_REVIEW: { title: 'Under review', text: 'Our reviewers are reading your application.' },
  SHORTLISTED: { title: 'Shortlisted', text: 'You are on the shortlist. We will let you know our decision soon.' },
  OFFERED: { title: 'Place offered', text: 'We are pleased to offer you a place in the programme.' },
  ACCEPTED: { title: 'Offer accepted', text: 'You accepted your place. Create your account from the email we sent to join your class.' },
  ENROLLED: { title: 'Enrolled', text: 'You are enrolled in your cohort. Sign in to start learning.' },
  REJECTED: { title: 'Not successful', text: 'We are sorry: we cannot offer you a place this time.' },
  WAITLISTED: { title: 'On the waiting list', text: 'You are on the waiting list. If a place opens, we will offer it to you by email.' },
  DECLINED: { title: 'Offer declined', text: 'You declined your place. Thank you for letting us know.' },
  WITHDRAWN: { title: 'Withdrawn', text: 'Your application has been withdrawn.' },
  OFFER_EXPIRED: {
    title: 'Offer expired',
    text: 'Your offer was not accepted by its accept-by date, so the place has gone to another applicant.',
  },
};

/** Admins' bulk decisions and the state each leads to. */
export const ADMISSION_DECISIONS = {
  SHORTLIST: 'SHORTLISTED',
  OFFER: 'OFFERED',
  WAITLIST: 'WAITLISTED',
  REJECT: 'REJECTED',
  WITHDRAW: 'WITHDRAWN',
} as const satisfies Record<string, ApplicationStatus>;
export type AdmissionDecision = keyof typeof ADMISSION_DECISIONS;
export const AdmissionDecisionSchema = z.enum(Object.keys(ADMISSION_DECISIONS) as [AdmissionDecision, ...AdmissionDecision[]]);

/**
 * Two reviewers' weighted scores of one application differing by more than this (on the 1-5
 * scale) flag the application as a disagreement in the ranked list.
 */
export const DISAGREEMENT_THRESHOLD = 1.0;

// ---- blind review -----------------------------------------------------------------------

/**
 * The fields a reviewer who is not an admin does not see until they have submitted their scores:
 * who the applicant is (name, gender, ethnicity, marital status, age and date of birth, address,
 * contact details, LinkedIn), the documents that show it (resume, transcript) and the screening
 * flags (which tell the age).
 */
export const BLIND_FIELDS = [
  'full_name',
  'gender',
  'ethnicity',
  'marital_status',
  'age',
  'dobYear',
  'dobMonth',
  'dobDate',
  'full_address',
  'state',
  'city',
  'postcode',
  'email',
  'phone',
  'secondary_phone',
  'linkedin',
  'resume',
  'transcript',
  'eligibility',
] as const satisfies readonly (keyof z.infer<typeof ApplicationSchema>)[];
export type BlindField = (typeof BLIND_FIELDS)[number];
export const BlindFieldSchema = z.enum(BLIND_FIELDS);

const blindMask = Object.fromEntries(BLIND_FIELDS.map((f) => [f, true])) as { [K in BlindField]: true };

/** An application as one staff member may see it: the blind fields are absent while hidden from them. */
export const AdmissionApplicationSchema = ApplicationSchema.partial(blindMask);
export type AdmissionApplication = z.infer<typeof AdmissionApplicationSchema>;

// ---- shared pieces ----------------------------------------------------------------------

/** A staff account (ADMIN or INSTRUCTOR) as the admissions screens name it. */
export const StaffMemberSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['ADMIN', 'INSTRUCTOR']),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** A reviewer assigned to an application, and when they submitted their scores (null: not yet). */
export const AssignedReviewerSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  scored_at: z.string().nullable(),
});
export type AssignedReviewer = z.infer<typeof AssignedReviewerSchema>;

/** The reviewers' scores of an application so far (weighted means on the 1-5 scale). */
export const ScoreSummarySchema = z.object({
  /** The mean of the reviewers' weighted scores; null before any score. */
  mean: z.number().nullable(),
  /** Reviewers who submitted scores, of those assigned. */
  reviews: z.number().int(),
  assigned: z.number().int(),
  /** The lowest and highest reviewer's weighted score; null before any score. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** max - min is more than DISAGREEMENT_THRESHOLD. */
  disagreement: z.boolean(),
});
export type ScoreSummary = z.infer<typeof ScoreSummarySchema>;

/** Another application of the same intake, under another email, that looks like the same person. */
export const DuplicateSchema = z.object({
  id_slug: z.string(),
  /** The intake it was made to: the same person may apply to another intake too. */
  intake: z.string(),
  full_name: z.string(),
  email: z.string(),
  status: ApplicationStatusSchema,
  /** What they share: the phone number, or the name and date of birth (or both). */
  matches: z.array(z.enum(['phone', 'name_and_birth_date'])),
});
export type Duplicate = z.infer<typeof DuplicateSchema>;

/** An admin's confirmation of the screening (null until then). */
export const ScreeningSchema = z.object({
  /** The rules' flags computed on submission. */
  flags: EligibilitySchema.nullable(),
  /** The answer that decided each flag, and warnings; null for applications screened before they were kept. */
  notes: ScreeningNotesSchema.nullable(),
  /** Possible duplicates: never merged, shown for the admin to judge. */
  duplicates: z.array(DuplicateSchema),
  /** The admin's confirmation: eligible or not; null before it. */
  eligible: z.boolean().nullable(),
  reason: z.string(),
  confirmed_at: z.string().nullable(),
});

/** An offer: the cohort it names and the date it must be accepted by. */
export const OfferSchema = z.object({
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  accept_by: z.string(),
  offered_at: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;

// ---- admin: the applications list ------------------------------------------------------

export const ELIGIBILITY_FILTERS = ['eligible', 'not_eligible', 'unconfirmed', 'flagged', 'duplicate'] as const;

/**
 * Where an application is in the interview stage (between shortlist and offer), worked out from its
 * booking and scores, never a state of its own: shortlisted and not booked, booked, interviewed
 * (scored by the panel), or a no-show.
 */
export const INTERVIEW_STAGES = ['NOT_BOOKED', 'BOOKED', 'INTERVIEWED', 'NO_SHOW'] as const;
export type InterviewStage = (typeof INTERVIEW_STAGES)[number];
export const INTERVIEW_STAGE_LABELS: Record<InterviewStage, string> = {
  NOT_BOOKED: 'Interview not booked',
  BOOKED: 'Interview booked',
  INTERVIEWED: 'Interviewed',
  NO_SHOW: 'No-show at interview',
};

/**
 * The admissions list: paging, search (name, email, phone), order (created_date, full_name,
 * status, score; `-` descends) and filters by state, intake, course and screening
 * (eligible / not_eligible confirmed, unconfirmed, flagged: a rule not met or a warning, or duplicate:
 * another application of the intake looks like the same person).
 */
export const AdmissionListQuerySchema = makeListQuerySchema({ page_size: 20, order_by: '-created_date' }).extend({
  status: ApplicationStatusSchema.optional(),
  intake: plainText(100).optional(),
  course: plainText(300).optional(),
  eligibility: z.enum(ELIGIBILITY_FILTERS).optional(),
  interview: z.enum(INTERVIEW_STAGES).optional(),
});
export type AdmissionListQuery = z.infer<typeof AdmissionListQuerySchema>;
export type AdmissionListQueryInput = z.input<typeof AdmissionListQuerySchema>;

export const AdmissionListItemSchema = z.object({
  id_slug: z.string(),
  intake: z.string(),
  course: z.string(),
  full_name: z.string(),
  email: z.string(),
  status: ApplicationStatusSchema,
  created_date: z.string(),
  status_changed_at: z.string(),
  eligibility: EligibilitySchema.nullable(),
  /** The admin's screening confirmation; null before it. */
  eligible: z.boolean().nullable(),
  /** The screening's warnings (an age the date of birth contradicts...). */
  warnings: z.array(z.string()),
  /** How many other applications of the intake look like the same person under another email. */
  duplicates: z.number().int(),
  reviewers: z.array(AssignedReviewerSchema),
  score: ScoreSummarySchema,
  /** The interview stage (and the booked interview's moment), for a shortlisted or booked application; else null. */
  interview: z.object({ stage: z.enum(INTERVIEW_STAGES), starts_at: z.string().nullable() }).nullable(),
});
export type AdmissionListItem = z.infer<typeof AdmissionListItemSchema>;
export const AdmissionListResponseSchema = paginated(AdmissionListItemSchema);
export type AdmissionListResponse = z.infer<typeof AdmissionListResponseSchema>;

// ---- one application -------------------------------------------------------------------

/**
 * One application for staff. Admins see every field, the screening, the reviewers with the score
 * summary and the offer. A reviewer sees the application with the blind fields absent (listed in
 * `hidden_fields`) until they have submitted their scores, and never the screening, the other
 * reviewers or the scores.
 */
export const AdmissionDetailSchema = z.object({
  application: AdmissionApplicationSchema,
  intake: z.string(),
  status_changed_at: z.string(),
  /** When its personal data was erased (retention period passed, or on the applicant's request); null: kept. */
  anonymised_at: z.string().nullable(),
  /** Blind fields left out of `application` for this caller; empty for admins and once scored. */
  hidden_fields: z.array(BlindFieldSchema),
  /** Null for reviewers who are not admins. */
  screening: ScreeningSchema.nullable(),
  reviewers: z.array(AssignedReviewerSchema).nullable(),
  score: ScoreSummarySchema.nullable(),
  offer: OfferSchema.nullable(),
  /** The caller's own review: whether they are assigned and when they submitted their scores. */
  my_review: z.object({ assigned: z.boolean(), scored_at: z.string().nullable() }),
});
export type AdmissionDetail = z.infer<typeof AdmissionDetailSchema>;
export const AdmissionDetailResponseSchema = z.object({ data: AdmissionDetailSchema });

/** One move of an application: from and to which state, who made it (null: the applicant or the system), when and why. */
export const TransitionSchema = z.object({
  from_status: ApplicationStatusSchema.nullable(),
  to_status: ApplicationStatusSchema,
  actor: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  reason: z.string(),
  at: z.string(),
});
export type Transition = z.infer<typeof TransitionSchema>;
export const TimelineResponseSchema = z.object({ data: z.array(TransitionSchema) });
export type TimelineResponse = z.infer<typeof TimelineResponseSchema>;

/** Who looked at an application, when and through which call (the audit log), newest first. */
export const ApplicationViewSchema = z.object({
  viewer: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() }).nullable(),
  call: z.string(),
  at: z.string(),
});
export const ApplicationViewsResponseSchema = z.object({ data: z.array(ApplicationViewSchema) });
export type ApplicationViewsResponse = z.infer<typeof ApplicationViewsResponseSchema>;

// ---- screening ---------------------------------------------------------------------------

export const NOT_ELIGIBLE_REASON_MESSAGE = 'Give the reason the application is not eligible';

/** An admin confirms the screening: eligible, or not eligible with the reason (SUBMITTED -> SCREENED). */
export const ConfirmScreeningSchema = z
  .strictObject({
    eligible: z.boolean({ error: 'Choose eligible or not eligible' }),
    reason: plainText(1000, { multiline: true }).default(''),
  })
  .refine((v) => v.eligible || v.reason.length > 0, { path: ['reason'], error: NOT_ELIGIBLE_REASON_MESSAGE });
export type ConfirmScreening = z.infer<typeof ConfirmScreeningSchema>;

export const REOPEN_SCREENING_REASON_MESSAGE = 'Give the reason the screening is reopened';
export const SCREENING_NOT_REOPENABLE_MESSAGE =
  'Only a confirmed screening can be reopened: a screened application, or one rejected as not eligible.';

/**
 * An admin reopens a confirmed screening with the reason (logged): a screened application, or one
 * rejected after a 'Not eligible' screening, goes back to Submitted to be screened again.
 */
export const ReopenScreeningSchema = z.strictObject({
  reason: requiredText(REOPEN_SCREENING_REASON_MESSAGE, 1000, { multiline: true }),
});
export type ReopenScreening = z.infer<typeof ReopenScreeningSchema>;

/** The application's state after a change. */
export const AdmissionStatusResponseSchema = z.object({ data: z.object({ id_slug: z.string(), status: ApplicationStatusSchema }) });
export type AdmissionStatusResponse = z.infer<typeof AdmissionStatusResponseSchema>;

// ---- reviewers ---------------------------------------------------------------------------

/** Staff accounts that may review (ADMIN or INSTRUCTOR), searchable by name or email. */
export const StaffListQuerySchema = z.object({
  search_query: plainText(200).optional(),
});
export const StaffListResponseSchema = z.object({ data: z.array(StaffMemberSchema) });
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

const IdList = (what: string, max: number) =>
  z
    .array(IdSlugSchema)
    .min(1, { error: `Choose at least one ${what}` })
    .max(max, { error: `At most ${max} ${what}s at once` })
    .refine((ids) => new Set(ids).size === ids.length, { error: `Each ${what} once` });

/**
 * "Every application matching this filter" of the pipeline list, across its pages: the server
 * selects them again inside the deciding transaction, so the set is the one the filter names then.
 */
export const AdmissionSelectionSchema = z.strictObject({
  search_query: plainText(200).optional(),
  status: ApplicationStatusSchema.optional(),
  intake: plainText(100).optional(),
  course: plainText(300).optional(),
  eligibility: z.enum(ELIGIBILITY_FILTERS).optional(),
  interview: z.enum(INTERVIEW_STAGES).optional(),
});
export type AdmissionSelection = z.infer<typeof AdmissionSelectionSchema>;
/** The most applications one bulk action moves (an intake is a few hundred). */
export const BULK_LIMIT = 1000;
export const SELECTION_MESSAGE = 'Choose the applications: by their ids or every one matching a filter';
/** Exactly one of the two ways of naming the applications. */
const oneSelection = (v: { application_ids?: unknown; matching?: unknown }) =>
  (v.application_ids === undefined) !== (v.matching === undefined);

/**
 * Assigns each of these staff accounts to review each of these applications (screened eligible,
 * or already in review): SCREENED -> IN_REVIEW. All or nothing.
 */
export const AssignReviewersSchema = z
  .strictObject({
    application_ids: IdList('application', BULK_LIMIT).optional(),
    matching: AdmissionSelectionSchema.optional(),
    reviewer_ids: IdList('reviewer', 20),
  })
  .refine(oneSelection, { path: ['application_ids'], error: SELECTION_MESSAGE });
export type AssignReviewers = z.infer<typeof AssignReviewersSchema>;
export const AssignReviewersResponseSchema = z.object({
  data: z.object({ assigned: z.number().int(), applications: z.number().int() }),
});

/** Takes a reviewer off an application (their scores, if any, are removed with the assignment). */
export const UnassignReviewerSchema = z.strictObject({ reviewer_id: IdSlugSchema });

/**
 * One screening confirmation for many SUBMITTED applications (a filtered selection), all or
 * nothing: a refusal names each application that cannot be screened, and why.
 */
export const BulkScreeningSchema = z
  .strictObject({
    application_ids: IdList('application', BULK_LIMIT).optional(),
    matching: AdmissionSelectionSchema.optional(),
    eligible: z.boolean({ error: 'Choose eligible or not eligible' }),
    reason: plainText(1000, { multiline: true }).default(''),
  })
  .refine(oneSelection, { path: ['application_ids'], error: SELECTION_MESSAGE })
  .refine((v) => v.eligible || v.reason.length > 0, { path: ['reason'], error: NOT_ELIGIBLE_REASON_MESSAGE });
export type BulkScreening = z.infer<typeof BulkScreeningSchema>;
export type BulkScreeningInput = z.input<typeof BulkScreeningSchema>;
export const BulkScreeningResponseSchema = z.object({
  data: z.object({ screened: z.number().int(), applications: z.array(z.object({ id_slug: z.string(), status: ApplicationStatusSchema })) }),
});
export type BulkScreeningResponse = z.infer<typeof BulkScreeningResponseSchema>;
export const BULK_SCREENING_REFUSED_MESSAGE = (n: number) =>
  n === 1 ? '1 application cannot be screened: nothing was changed.' : `${n} applications cannot be screened: nothing was changed.`;

// ---- rubric ---------------------------------------------------------------------------------

export const INTAKE_PATTERN = /^[a-z0-9-]{1,100}$/;
export const IntakeParamsSchema = z.object({
  intake: z.string().regex(INTAKE_PATTERN, { error: 'Unknown intake' }),
});

/** One criterion: a stable id, its title, description, weight and what each level 1-5 means. */
export const AdmissionCriterionSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'Criterion id: letters, digits, - or _ (at most 40)' }),
  title: requiredText('Criterion title is required', 200),
  description: plainText(2000, { multiline: true }).default(''),
  /** Relative weight (the weighted mean divides by their sum). */
  weight: z.number({ error: 'Weight must be a number' }).positive({ error: 'Weight must be more than 0' }).max(100),
  /** What levels 1 to 5 mean, in that order. */
  levels: z.array(requiredText('Describe each level', 500)).length(5, { error: 'Describe each of the five levels (1 to 5)' }),
});
export type AdmissionCriterion = z.infer<typeof AdmissionCriterionSchema>;

/** An intake's rubric. Once reviewers have scored, its criteria ids and weights stay as they are (texts may change). */
export const RubricSchema = z.strictObject({
  criteria: z
    .array(AdmissionCriterionSchema)
    .min(1, { error: 'Add at least one criterion' })
    .max(20)
    .refine((c) => new Set(c.map((x) => x.id)).size === c.length, { error: 'Criterion ids must be unique' }),
  /** Blind review (the default): reviewers who are not admins see no field of BLIND_FIELDS until they have scored. */
  blind: z.boolean({ error: 'Blind review is on or off' }).default(true),
});
export type Rubric = z.infer<typeof RubricSchema>;
export const RubricResponseSchema = z.object({
  data: z.object({
    intake: z.string(),
    criteria: z.array(AdmissionCriterionSchema),
    blind: z.boolean(),
    /** Null while the intake has no rubric yet. */
    updated_at: z.string().nullable(),
    /** Reviewers have submitted scores against it (criteria ids and weights are then fixed). */
    scored: z.boolean(),
  }),
});
export type RubricResponse = z.infer<typeof RubricResponseSchema>;

// ---- a reviewer's queue and scores ----------------------------------------------------------

/**
 * The signed-in reviewer's assigned applications; `scored` filters by whether they have scored.
 * The queue has one order (to score first, then the oldest assignment): it takes no `order_by`.
 */
export const ReviewQueueQuerySchema = makeListQuerySchema({ page_size: 20 })
  .omit({ order_by: true })
  .extend({
    intake: plainText(100).optional(),
    scored: z.enum(['true', 'false']).optional(),
  });
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;
export type ReviewQueueQueryInput = z.input<typeof ReviewQueueQuerySchema>;

/** A queue row carries nothing of the blind fields, scored or not. */
export const ReviewQueueItemSchema = z.object({
  id_slug: z.string(),
  intake: z.string(),
  course: z.string(),
  status: ApplicationStatusSchema,
  highest_qualification: z.string(),
  field_study: z.string(),
  assigned_at: z.string(),
  scored_at: z.string().nullable(),
  /** Scoring is open while the application is IN_REVIEW or SHORTLISTED. */
  can_score: z.boolean(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>;
export const ReviewQueueResponseSchema = paginated(ReviewQueueItemSchema);
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponseSchema>;

export const SCORE_LEVEL_MESSAGE = 'Each score is a whole number from 1 to 5';

/** A reviewer's scores: a level 1-5 for every criterion of the intake's rubric, and a comment. */
export const ReviewScoreSchema = z.strictObject({
  scores: z.record(
    z.string().max(40),
    z
      .number({ error: SCORE_LEVEL_MESSAGE })
      .int({ error: SCORE_LEVEL_MESSAGE })
      .min(1, { error: SCORE_LEVEL_MESSAGE })
      .max(5, { error: SCORE_LEVEL_MESSAGE }),
  ),
  comment: plainText(5000, { multiline: true }).default(''),
});
export type ReviewScore = z.infer<typeof ReviewScoreSchema>;

export const MyScoreResponseSchema = z.object({
  data: z.object({
    rubric: z.array(AdmissionCriterionSchema),
    /** Null before the reviewer has scored. */
    score: z
      .object({
        scores: z.record(z.string(), z.number().int()),
        comment: z.string(),
        /** The weighted mean of this review (1-5). */
        weighted: z.number(),
        submitted_at: z.string(),
        /** Set when an admin reopened this score: the reviewer may then score again; null while it is final. */
        reopened_at: z.string().nullable(),
      })
      .nullable(),
    can_score: z.boolean(),
  }),
});
export type MyScoreResponse = z.infer<typeof MyScoreResponseSchema>;

export const SCORE_FINAL_MESSAGE =
  'Your scores for this application are submitted and final. An admin can reopen them if they need to change.';
export const REOPEN_REASON_MESSAGE = 'Give the reason the score is reopened';
export const NOT_SCORED_MESSAGE = 'This reviewer has not scored the application yet';
export const ALREADY_REOPENED_MESSAGE = 'This score is already reopened';

/** An admin reopens a reviewer's submitted score, with the reason, so that they may score again. */
export const ReopenScoreSchema = z.strictObject({
  reviewer_id: IdSlugSchema,
  reason: requiredText(REOPEN_REASON_MESSAGE, 1000, { multiline: true }),
});
export type ReopenScore = z.infer<typeof ReopenScoreSchema>;

const ScorePersonSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() });

/**
 * An application's reviews for admins: each reviewer's current score (reopened or final), and the
 * history of reopenings and changes (old and new weighted score), oldest first.
 */
export const ApplicationScoresResponseSchema = z.object({
  data: z.object({
    reviews: z.array(
      z.object({
        reviewer: ScorePersonSchema,
        scores: z.record(z.string(), z.number().int()),
        weighted: z.number(),
        comment: z.string(),
        submitted_at: z.string(),
        reopened_at: z.string().nullable(),
      }),
    ),
    history: z.array(
      z.object({
        kind: z.enum(['REOPENED', 'CHANGED']),
        /** Null when the account was deleted. */
        reviewer: ScorePersonSchema.nullable(),
        /** Who reopened (an admin) or changed (the reviewer) the score. */
        actor: ScorePersonSchema.nullable(),
        reason: z.string(),
        old_weighted: z.number(),
        new_weighted: z.number().nullable(),
        at: z.string(),
      }),
    ),
  }),
});
export type ApplicationScoresResponse = z.infer<typeof ApplicationScoresResponseSchema>;

// ---- ranking ---------------------------------------------------------------------------------

/** The intake's applications with at least one score, best weighted mean first; `status` narrows them. */
export const RankingQuerySchema = z.object({
  status: ApplicationStatusSchema.optional(),
});
export const RankingItemSchema = z.object({
  rank: z.number().int(),
  id_slug: z.string(),
  full_name: z.string(),
  course: z.string(),
  status: ApplicationStatusSchema,
  score: ScoreSummarySchema,
  /** Each reviewer's weighted score and comment. */
  reviews: z.array(
    z.object({
      reviewer: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
      weighted: z.number(),
      comment: z.string(),
    }),
  ),
});
export type RankingItem = z.infer<typeof RankingItemSchema>;
export const RankingResponseSchema = z.object({
  data: z.array(RankingItemSchema),
  disagreement_threshold: z.number(),
});
export type RankingResponse = z.infer<typeof RankingResponseSchema>;

// ---- decisions -------------------------------------------------------------------------------

export const OFFER_COHORT_MESSAGE = 'Choose the cohort the offer is for';
export const OFFER_ACCEPT_BY_MESSAGE = 'Choose the date the offer must be accepted by';
export const DECISION_REASON_MESSAGE = 'Give the reason for the decision';

/**
 * One decision for many applications, in one transaction (all or nothing), each mailed its
 * template. The applications are listed (`application_ids`) or named by the list's filter
 * (`matching`: every application it matches, across pages). An offer names the cohort and the
 * accept-by date (in the future).
 */
export const DecideSchema = z
  .strictObject({
    application_ids: IdList('application', BULK_LIMIT).optional(),
    matching: AdmissionSelectionSchema.optional(),
    decision: AdmissionDecisionSchema,
    reason: requiredText(DECISION_REASON_MESSAGE, 1000, { multiline: true }),
    cohort_id: IdSlugSchema.optional(),
    accept_by: DateTimeSchema.optional(),
  })
  .refine(oneSelection, { path: ['application_ids'], error: SELECTION_MESSAGE })
  .refine((v) => v.decision !== 'OFFER' || v.cohort_id !== undefined, { path: ['cohort_id'], error: OFFER_COHORT_MESSAGE })
  .refine((v) => v.decision !== 'OFFER' || v.accept_by !== undefined, { path: ['accept_by'], error: OFFER_ACCEPT_BY_MESSAGE });
export type Decide = z.infer<typeof DecideSchema>;
export type DecideInput = z.input<typeof DecideSchema>;
export const DecideResponseSchema = z.object({
  data: z.object({
    decided: z.number().int(),
    applications: z.array(z.object({ id_slug: z.string(), from_status: ApplicationStatusSchema, to_status: ApplicationStatusSchema })),
  }),
});
export type DecideResponse = z.infer<typeof DecideResponseSchema>;

/**
 * Cohorts an offer may name: those whose access has not ended, soonest start first. With an
 * intake (and a course track), only the cohorts given seats for that intake (and track), each with
 * its seats and how many are free.
 */
export const OfferCohortsQuerySchema = z.object({
  intake: z.string().regex(INTAKE_PATTERN, { error: 'Unknown intake' }).optional(),
  course: plainText(300).optional(),
});
export const OfferCohortsResponseSchema = z.object({
  data: z.array(
    z.object({
      id_slug: z.string(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      /** With an intake: the track, seats and free seats of the cohort for it; otherwise null. */
      track: z.string().nullable(),
      seats: z.number().int().nullable(),
      free: z.number().int().nullable(),
    }),
  ),
});
export type OfferCohortsResponse = z.infer<typeof OfferCohortsResponseSchema>;

// ---- the applicant's private link -------------------------------------------------------

export const APPLICATION_LINK_INVALID_MESSAGE = 'This link is not valid. Use the link in your confirmation email.';
export const OFFER_NOT_OPEN_MESSAGE = 'There is no open offer to answer.';
export const WITHDRAW_CLOSED_MESSAGE = 'This application has already reached its end and can no longer be withdrawn.';

/** The private token from the link `/applications/{id}?token=...` (256 bits, base64url). */
export const ApplicantTokenSchema = z.strictObject({
  token: z
    .string({ error: APPLICATION_LINK_INVALID_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: APPLICATION_LINK_INVALID_MESSAGE }),
});

/** The states an applicant's timeline shows (never who, nor why, nor any score). */
export const ApplicantStatusSchema = z.object({
  id_slug: z.string(),
  programme: z.string(),
  course: z.string(),
  status: ApplicationStatusSchema,
  submitted_at: z.string(),
  timeline: z.array(z.object({ status: ApplicationStatusSchema, at: z.string() })),
  /** While OFFERED (and after): the cohort and the accept-by date. */
  offer: z
    .object({
      cohort_title: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      accept_by: z.string(),
      /** The accept-by moment as the offer mail writes it, in the school's time zone ("... (Malaysia time)"). */
      accept_by_text: z.string(),
      /** Whether the offer can still be accepted: OFFERED and its accept-by moment not passed (by the server's clock). */
      open: z.boolean(),
    })
    .nullable(),
  /** Their request to erase their personal data, if they made one. */
  erasure: ApplicantErasureSchema,
});
export type ApplicantStatus = z.infer<typeof ApplicantStatusSchema>;
export const ApplicantStatusResponseSchema = z.object({ data: ApplicantStatusSchema });
export type ApplicantStatusResponse = z.infer<typeof ApplicantStatusResponseSchema>;

/**
 * Accepting: an existing account with the application's email is enrolled at once (`enrolled`);
 * otherwise an email with a link to create the account is on its way (`account_setup`).
 */
export const AcceptOfferResponseSchema = z.object({
  data: ApplicantStatusSchema,
  next: z.enum(['enrolled', 'account_setup']),
  message: z.string(),
});
export type AcceptOfferResponse = z.infer<typeof AcceptOfferResponseSchema>;

export const OFFER_ACCEPTED_ENROLLED_MESSAGE = 'You are enrolled. Sign in to find your class.';
export const OFFER_ACCEPTED_SETUP_MESSAGE = 'Check your email: we sent a link to create your account and join your class.';

/** Asks for the status link again from /applications/: the applicant's email. */
export const ResendStatusLinkSchema = z.strictObject({ email: EmailSchema });
export type ResendStatusLink = z.infer<typeof ResendStatusLinkSchema>;
/** The one answer, whether or not an application uses the email (nothing tells who applied). */
export const STATUS_LINK_SENT_MESSAGE =
  'If an application was made with this email, we have sent its private status link to it. Check your inbox (and your spam folder).';
export const ResendStatusLinkResponseSchema = z.object({ message: z.string() });

// ---- seats and accept-by extensions ---------------------------------------------------------

export const SEATS_MESSAGE = 'Seats: a whole number from 0 to 1000';
export const TRACK_MESSAGE = 'Choose the course track this cohort teaches';
export const NO_SEATS_FOR_INTAKE_MESSAGE = 'This cohort has no seats for the intake: set its seats first';
export const WRONG_TRACK_MESSAGE = 'An offer names a cohort of the course track the applicant applied for';
/** An offer beyond the free seats (HTTP 409). */
export const noFreeSeatsMessage = (cohort: string, free: number, asked: number) =>
  `${cohort} has ${free} free seat${free === 1 ? '' : 's'}: ${asked} offer${asked === 1 ? '' : 's'} cannot be made.`;
/** A bulk decision refused because some applications cannot make it (HTTP 409); each is named in `errors`. */
export const bulkRefusedMessage = (refused: number, total: number) =>
  `${refused} of the ${total} selected application${total === 1 ? '' : 's'} cannot take this decision; nothing was changed.`;

export const CohortSeatsParamsSchema = z.object({
  intake: z.string().regex(INTAKE_PATTERN, { error: 'Unknown intake' }),
  cohortId: IdSlugSchema,
});
/** How many applicants of an intake a cohort takes, and the course track it teaches. */
export const CohortSeatsSchema = z.strictObject({
  track: requiredText(TRACK_MESSAGE, 300),
  seats: z
    .number({ error: SEATS_MESSAGE })
    .int({ error: SEATS_MESSAGE })
    .min(0, { error: SEATS_MESSAGE })
    .max(1000, { error: SEATS_MESSAGE }),
});
export type CohortSeats = z.infer<typeof CohortSeatsSchema>;
export const CohortSeatsItemSchema = z.object({
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  track: z.string(),
  seats: z.number().int(),
  /** Offers holding a seat: OFFERED, ACCEPTED or ENROLLED. */
  held: z.number().int(),
  free: z.number().int(),
});
export const CohortSeatsResponseSchema = z.object({ data: z.array(CohortSeatsItemSchema) });
export type CohortSeatsResponse = z.infer<typeof CohortSeatsResponseSchema>;

export const EXTEND_REASON_MESSAGE = 'Give the reason for the extension';
export const EXTEND_LATER_MESSAGE = 'The new accept-by moment must come after the current one';
/** An admin moves an open offer's accept-by moment later (logged on the timeline, mailed to the applicant). */
export const ExtendOfferSchema = z.strictObject({
  accept_by: DateTimeSchema,
  reason: requiredText(EXTEND_REASON_MESSAGE, 1000, { multiline: true }),
});
export type ExtendOffer = z.infer<typeof ExtendOfferSchema>;
export const ExtendOfferResponseSchema = z.object({
  data: z.object({ id_slug: z.string(), accept_by: z.string() }),
});

/**
 * Where an application was seen, as its audit log of views records it: the name of the call that
 * showed it (staff pages and lists, exports, the applicant's own link). Staff read each in words.
 */
export const APPLICATION_VIEW_PLACES = [
  'admissionsDetail',
  'admissionsTimeline',
  'admissionsList',
  'admissionsListSearch',
  'admissionsRanking',
  'admissionsInterview',
  'admissionsReviewDeclaration',
  'admissionsInterviewDeclaration',
  'admissionsConflictDeclared',
  'admissionsPreviewMailTemplate',
  'admissionsErasureRequests',
  'adminApplicationList',
  'adminApplicationListSearch',
  'adminApplicationDetail',
  'adminApplicationExport',
  'applicationsAnalyticsDecisionsExport',
  'applicantStatus',
  'applicantInterview',
] as const;
export type ApplicationViewPlace = (typeof APPLICATION_VIEW_PLACES)[number];

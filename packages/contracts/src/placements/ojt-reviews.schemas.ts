import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';

/**
 * The OJT reviews at weeks 4, 8 and 16 of a placement. Three sections, each completed and signed by
 * its party: the trainee (progress, competencies practised, goals), the host supervisor (comments
 * and an overall rating, through a signed link) and the school coach (comments, actions). A signed
 * section cannot change; when all three have signed, the review is frozen into a PDF whose SHA-256
 * is recorded and can be checked at a public page.
 */

export const OJT_REVIEW_WEEKS = [4, 8, 16] as const;
export type OjtReviewWeek = (typeof OJT_REVIEW_WEEKS)[number];

export const OJT_REVIEW_PARTIES = ['TRAINEE', 'SUPERVISOR', 'COACH'] as const;
export const OjtReviewPartySchema = z.enum(OJT_REVIEW_PARTIES);
export type OjtReviewParty = z.infer<typeof OjtReviewPartySchema>;
export const OJT_REVIEW_PARTY_LABELS: Record<OjtReviewParty, string> = {
  TRAINEE: 'Trainee',
  SUPERVISOR: 'Supervisor',
  COACH: 'Coach',
};

/**
 * NOT_OPEN: its OJT week has not started; OPEN: it may be completed and signed; OVERDUE: its due
 * day has passed and not every party has signed; COMPLETE: all three signed, frozen.
 */
export const OJT_REVIEW_STATES = ['NOT_OPEN', 'OPEN', 'OVERDUE', 'COMPLETE'] as const;
export const OjtReviewStateSchema = z.enum(OJT_REVIEW_STATES);
export type OjtReviewState = z.infer<typeof OjtReviewStateSchema>;
export const OJT_REVIEW_STATE_LABELS: Record<OjtReviewState, string> = {
  NOT_OPEN: 'Not open yet',
  OPEN: 'Open',
  OVERDUE: 'Overdue',
  COMPLETE: 'Signed by all',
};

export const OJT_RATINGS = ['EXCEEDS', 'MEETS', 'DEVELOPING', 'CONCERN'] as const;
export const OjtRatingSchema = z.enum(OJT_RATINGS);
export type OjtRating = z.infer<typeof OjtRatingSchema>;
export const OJT_RATING_LABELS: Record<OjtRating, string> = {
  EXCEEDS: 'Exceeds expectations',
  MEETS: 'Meets expectations',
  DEVELOPING: 'Developing: needs support',
  CONCERN: 'Cause for concern',
};

export const OJT_REVIEW_MESSAGES = {
  notFound: 'Review not found',
  notOpen: 'This review opens when its OJT week starts',
  signed: 'This section is signed: it can no longer change',
  notYourSection: 'Only the section’s own party can complete and sign it',
  incomplete: 'Complete every field of the section before signing it',
  jobRoleUnknown: 'Choose competencies from the programme’s job roles',
  notCoach: 'Only the trainee’s coach can complete and sign the coach’s section',
  notFrozen: 'The review is signed by all three parties only then: its PDF does not exist yet',
  linkInvalid: 'This link is not valid: it may have expired, been used or been withdrawn',
} as const;

export const TraineeSectionSchema = z.strictObject({
  progress: plainText(3000, { multiline: true }).default(''),
  /** Competencies practised: job role titles from the catalogue. */
  competencies: z.array(plainText(120)).max(20).default([]),
  goals: plainText(3000, { multiline: true }).default(''),
});
export type TraineeSection = z.infer<typeof TraineeSectionSchema>;

export const SupervisorSectionSchema = z.strictObject({
  comments: plainText(3000, { multiline: true }).default(''),
  rating: OjtRatingSchema.nullable().default(null),
});
export type SupervisorSection = z.infer<typeof SupervisorSectionSchema>;

export const CoachSectionSchema = z.strictObject({
  comments: plainText(3000, { multiline: true }).default(''),
  actions: plainText(3000, { multiline: true }).default(''),
});
export type CoachSection = z.infer<typeof CoachSectionSchema>;

export const OjtSignatureSchema = z.object({ party: OjtReviewPartySchema, by: z.string(), at: z.string() });
export type OjtSignature = z.infer<typeof OjtSignatureSchema>;

export const OjtReviewSchema = z.object({
  week: z.number().int(),
  /** The first day of the review's OJT week: it can be completed from then. */
  opens_on: z.iso.date(),
  /** The last day of the review's OJT week. */
  due_on: z.iso.date(),
  state: OjtReviewStateSchema,
  trainee_name: z.string(),
  host_name: z.string(),
  supervisor_name: z.string(),
  trainee: TraineeSectionSchema,
  supervisor: SupervisorSectionSchema,
  coach: CoachSectionSchema,
  signatures: z.array(OjtSignatureSchema),
  /** Set once frozen: the review's public id and its PDF's SHA-256 (hex). */
  id_slug: z.string().nullable(),
  sha256: z.string().nullable(),
  frozen_at: z.string().nullable(),
});
export type OjtReview = z.infer<typeof OjtReviewSchema>;

export const OjtReviewResponseSchema = z.object({ data: OjtReviewSchema });
export type OjtReviewResponse = z.infer<typeof OjtReviewResponseSchema>;
export const OjtReviewsResponseSchema = z.object({ data: z.array(OjtReviewSchema) });
export type OjtReviewsResponse = z.infer<typeof OjtReviewsResponseSchema>;

/** The cohort's reviews at a glance, per placed trainee. */
export const CohortOjtReviewsResponseSchema = z.object({
  data: z.array(
    z.object({
      trainee: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
      reviews: z.array(
        z.object({
          week: z.number().int(),
          due_on: z.iso.date(),
          state: OjtReviewStateSchema,
          signed: z.array(OjtReviewPartySchema),
        }),
      ),
    }),
  ),
});
export type CohortOjtReviewsResponse = z.infer<typeof CohortOjtReviewsResponseSchema>;

/** What a page without sign-in shows of a frozen review whose hash matches. */
export const OjtReviewVerificationSchema = z.object({
  id_slug: z.string(),
  week: z.number().int(),
  trainee_name: z.string(),
  host_name: z.string(),
  cohort_title: z.string(),
  signatures: z.array(OjtSignatureSchema),
  sha256: z.string(),
  frozen_at: z.string(),
});
export type OjtReviewVerification = z.infer<typeof OjtReviewVerificationSchema>;

export const OjtReviewWeekSchema = z.coerce
  .number<number | string>({ error: OJT_REVIEW_MESSAGES.notFound })
  .int()
  .refine((w) => (OJT_REVIEW_WEEKS as readonly number[]).includes(w), { error: OJT_REVIEW_MESSAGES.notFound });
export const MyOjtReviewParamsSchema = z.object({ placementId: IdSlugSchema, week: OjtReviewWeekSchema });
export const CoachOjtReviewParamsSchema = z.object({ cohortId: IdSlugSchema, userIdSlug: IdSlugSchema, week: OjtReviewWeekSchema });
export const CoachOjtReviewsParamsSchema = z.object({ cohortId: IdSlugSchema, userIdSlug: IdSlugSchema });
export const OjtReviewVerifyParamsSchema = z.object({
  reviewId: IdSlugSchema,
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'Not a SHA-256 hash' }),
});

/** The supervisor's link token, in the body so it stays out of access logs. */
export const SupervisorReviewTokenSchema = z.strictObject({ token: z.string().trim().min(1).max(200) });
export const SaveSupervisorReviewSchema = z.strictObject({
  token: z.string().trim().min(1).max(200),
  section: SupervisorSectionSchema,
});

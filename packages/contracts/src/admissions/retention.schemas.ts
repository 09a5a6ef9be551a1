import { z } from 'zod';
import { type ApplicationStatus, ApplicationStatusSchema } from '../applications/applications.schemas';
import { requiredText } from '../common/text';
import { makeListQuerySchema, paginated } from '../common/common.schemas';

// ---- data retention and erasure -----------------------------------------------------------

/** What replaces an anonymised application's name (and its email, with the reference). */
export const ANONYMISED_MARKER = '[anonymised]';

/** Months an unsuccessful application is kept before it is anonymised, when the intake sets nothing. */
export const DEFAULT_RETENTION_MONTHS = 24;
export const RETENTION_MONTHS_MESSAGE = 'Retention: a whole number of months from 1 to 120';

/**
 * The states of an unsuccessful application, anonymised once the intake's retention period has
 * passed since it got there. An application screened 'Not eligible' (SCREENED, eligible false)
 * counts too, rejected or not.
 */
export const UNSUCCESSFUL_STATUSES: readonly ApplicationStatus[] = ['REJECTED', 'DECLINED', 'WITHDRAWN', 'OFFER_EXPIRED'];

/** An intake's retention period. */
export const RetentionSchema = z.strictObject({
  months: z
    .number({ error: RETENTION_MONTHS_MESSAGE })
    .int({ error: RETENTION_MONTHS_MESSAGE })
    .min(1, RETENTION_MONTHS_MESSAGE)
    .max(120, RETENTION_MONTHS_MESSAGE),
});
export type Retention = z.infer<typeof RetentionSchema>;
export const RetentionResponseSchema = z.object({
  data: z.object({
    intake: z.string(),
    months: z.number().int(),
    /** False while the intake uses the default period. */
    set: z.boolean(),
    updated_at: z.string().nullable(),
  }),
});
export type RetentionResponse = z.infer<typeof RetentionResponseSchema>;

export const ERASURE_STATUSES = ['PENDING', 'CONFIRMED', 'REFUSED'] as const;
export const ErasureStatusSchema = z.enum(ERASURE_STATUSES);
export type ErasureStatus = z.infer<typeof ErasureStatusSchema>;

/** The applicant's erasure request as their status page shows it (null: never asked). */
export const ApplicantErasureSchema = z
  .object({
    status: ErasureStatusSchema,
    requested_at: z.string(),
    decided_at: z.string().nullable(),
    /** The school's reason when it refused. */
    reason: z.string(),
  })
  .nullable();
export type ApplicantErasure = z.infer<typeof ApplicantErasureSchema>;

export const ERASURE_REQUESTED_MESSAGE =
  'Your request is recorded. The school checks it and emails you once your personal data is erased, or why it cannot be.';
/** An open offer: answer it first. */
export const ERASURE_OFFER_OPEN_MESSAGE =
  'You have an open offer of a place. Decline it first (or let it pass its accept-by moment), then ask for your data to be erased.';
/** A place taken: the record stays while they study. */
export const ERASURE_PLACE_TAKEN_MESSAGE =
  'Your application led to a place in a cohort, so the school keeps it while you study. Please contact the school about your data.';
export const ERASURE_NOT_PENDING_MESSAGE = 'This application has no pending erasure request.';
export const ERASURE_DONE_MESSAGE = 'This application is already anonymised.';
export const ERASURE_REFUSE_REASON_MESSAGE = 'Give the reason the request is refused';

/** Why an applicant in this state cannot have their data erased now (undefined: they can). */
export function erasureBlockedMessage(status: ApplicationStatus): string | undefined {
  if (status === 'OFFERED') return ERASURE_OFFER_OPEN_MESSAGE;
  if (status === 'ACCEPTED' || status === 'ENROLLED') return ERASURE_PLACE_TAKEN_MESSAGE;
  return undefined;
}

export const RefuseErasureSchema = z.strictObject({
  reason: requiredText(ERASURE_REFUSE_REASON_MESSAGE, 1000, { multiline: true }),
});
export type RefuseErasure = z.infer<typeof RefuseErasureSchema>;

/** A page of the erasure requests (20 by default), optionally of one status. */
export const ErasureRequestsQuerySchema = makeListQuerySchema({ page_size: 20 })
  .pick({ page: true, page_size: true })
  .extend({ status: ErasureStatusSchema.optional() });
export type ErasureRequestsQuery = z.infer<typeof ErasureRequestsQuerySchema>;

/** One erasure request in the admissions console (the name and email are the marker once anonymised). */
export const ErasureRequestSchema = z.object({
  id_slug: z.string(),
  intake: z.string(),
  course: z.string(),
  full_name: z.string(),
  email: z.string(),
  application_status: ApplicationStatusSchema,
  status: ErasureStatusSchema,
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  reason: z.string(),
  anonymised_at: z.string().nullable(),
});
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;
export const ErasureRequestsResponseSchema = paginated(ErasureRequestSchema);
export type ErasureRequestsResponse = z.infer<typeof ErasureRequestsResponseSchema>;

export const ErasureDecisionResponseSchema = z.object({ data: ErasureRequestSchema });
export type ErasureDecisionResponse = z.infer<typeof ErasureDecisionResponseSchema>;

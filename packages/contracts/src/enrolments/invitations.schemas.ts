import { z } from 'zod';
import { PAGE_SIZES } from '../common/admin-console';
import { makeListQuerySchema } from '../common/common.schemas';
import { EmailSchema, makeRequiredString } from '../auth/auth.schemas';

/** Refusals of an invitation link (looked up, or used to register). */
export const INVITATION_INVALID_MESSAGE = 'This invitation link is no longer valid. Please ask the school for a new invitation.';
export const INVITATION_EXPIRED_MESSAGE = 'This invitation has expired: the cohort has ended.';
export const INVITATION_USED_MESSAGE = 'This invitation has already been used. Log in with the email it was sent to.';
export const INVITATION_OTHER_EMAIL_MESSAGE = 'This invitation is for another email address.';
/** Withdrawing or resending for an email the cohort's queue does not hold. */
export const NOT_IN_QUEUE_MESSAGE = 'This person is not in the cohort queue';

/**
 * Where an invitation stands: queued (its mail not yet delivered), sent, opened (the link was
 * looked up), accepted (the person registered), failed (the mail could not be delivered), expired
 * (the cohort's access has ended), not_sent (queued before invitations existed).
 */
export const InvitationStatusSchema = z.enum(['queued', 'sent', 'opened', 'accepted', 'failed', 'expired', 'not_sent']);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const InvitationSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: InvitationStatusSchema,
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  /** The cohort's end_access_date: the link stops working then. */
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const CohortInvitationsQuerySchema = makeListQuerySchema({ page_size: PAGE_SIZES.cohortQueue }).pick({
  page: true,
  page_size: true,
});
export type CohortInvitationsQuery = z.infer<typeof CohortInvitationsQuerySchema>;
export const CohortInvitationsResponseSchema = z.object({
  results: z.array(InvitationSchema),
  count: z.number().int().nonnegative(),
});
export type CohortInvitationsResponse = z.infer<typeof CohortInvitationsResponseSchema>;

export const QueuedEmailSchema = z.strictObject({ email: EmailSchema });
export type QueuedEmail = z.infer<typeof QueuedEmailSchema>;

export const ResendInvitationsResponseSchema = z.object({ resent: z.number().int().nonnegative() });
export type ResendInvitationsResponse = z.infer<typeof ResendInvitationsResponseSchema>;

export const WithdrawQueuedResponseSchema = z.object({ email: z.string() });
export type WithdrawQueuedResponse = z.infer<typeof WithdrawQueuedResponseSchema>;

/** The invitation link's token, as /create-account?invite= carries it. */
export const InvitationTokenSchema = makeRequiredString(INVITATION_INVALID_MESSAGE, 200);

export const InvitationLookupSchema = z.strictObject({ token: InvitationTokenSchema });
export type InvitationLookup = z.infer<typeof InvitationLookupSchema>;

/** What the sign-up page shows of a live invitation, and the email it presets. */
export const InvitationLookupResponseSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  cohort_id_slug: z.string(),
  cohort_title: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type InvitationLookupResponse = z.infer<typeof InvitationLookupResponseSchema>;

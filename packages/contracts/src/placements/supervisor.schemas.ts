import { z } from 'zod';
import { plainText } from '../common/text';
import { LogbookEventSchema, LogbookFileSchema, LogbookWeekStatusSchema } from './logbook.schemas';

/**
 * Host supervisors sign without an account, through a signed single-purpose link mailed to them
 * (a submitted logbook week; the reviews reuse the same links). The token travels in the body,
 * never in a query string a proxy might log.
 */

export const SUPERVISOR_LINK_MESSAGES = {
  notFound: 'This link is not valid. Check that you opened the whole link from the email.',
  expired: 'This link has expired. Ask the school to send you a new one.',
  used: 'This link has already been used: the week was signed or returned through it.',
  revoked: 'This link was withdrawn by the school. If a newer email came, use its link.',
  commentRequired: 'Say what the trainee should change before returning the week',
  notSubmitted: 'This week is not waiting for a sign-off',
  noLiveLink: 'This week has no link waiting for the supervisor',
} as const;

/** Why a known link no longer works (answered with 410 and this reason). */
export const SUPERVISOR_LINK_GONE = ['expired', 'used', 'revoked'] as const;
export type SupervisorLinkGone = (typeof SUPERVISOR_LINK_GONE)[number];

export const SupervisorTokenSchema = z.strictObject({ token: z.string().min(20).max(200) });

export const SupervisorDecisionSchema = z.strictObject({
  token: z.string().min(20).max(200),
  decision: z.enum(['APPROVE', 'RETURN']),
  comment: plainText(2000, { multiline: true }).default(''),
});
export type SupervisorDecision = z.infer<typeof SupervisorDecisionSchema>;

/** What the supervisor sees of the week: the trainee, the host, the days and hours against the weekly target. */
export const SupervisorWeekSchema = z.object({
  trainee_name: z.string(),
  host_name: z.string(),
  site: z.string(),
  supervisor_name: z.string(),
  week: z.number().int(),
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  status: LogbookWeekStatusSchema,
  hours: z.number(),
  weekly_hours_target: z.number(),
  days: z.array(z.object({ date: z.iso.date(), hours: z.number(), tasks: z.string(), job_role: z.string(), evidence: z.string() })),
  /** The week's evidence files, each with a link that works for a short while without an account. */
  files: z.array(LogbookFileSchema),
  events: z.array(LogbookEventSchema),
  expires_at: z.string(),
  /** False once the link is spent (after the decision it answers): the page shows the outcome. */
  open: z.boolean(),
});
export type SupervisorWeek = z.infer<typeof SupervisorWeekSchema>;
export const SupervisorWeekResponseSchema = z.object({ data: SupervisorWeekSchema });
export type SupervisorWeekResponse = z.infer<typeof SupervisorWeekResponseSchema>;

/** A submitted week still unsigned 7 days after submission, in the coach's (or the admins') queue. */
export const UnsignedWeekSchema = z.object({
  placement_id_slug: z.string(),
  trainee_name: z.string(),
  trainee_id_slug: z.string(),
  cohort_title: z.string(),
  cohort_id_slug: z.string(),
  host_name: z.string(),
  supervisor_name: z.string(),
  supervisor_email: z.string(),
  week: z.number().int(),
  submitted_at: z.string(),
  link_expires_at: z.string().nullable(),
});
export type UnsignedWeek = z.infer<typeof UnsignedWeekSchema>;
export const UnsignedWeeksResponseSchema = z.object({ data: z.array(UnsignedWeekSchema) });
export type UnsignedWeeksResponse = z.infer<typeof UnsignedWeeksResponseSchema>;

export const ResendWeekLinkResponseSchema = z.object({ message: z.string() });
export const RESEND_WEEK_LINK_MESSAGE = 'A new link was mailed to the supervisor; the old one no longer works.';

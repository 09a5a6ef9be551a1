import { z } from 'zod';
import { IdSlugSchema, optionalTrimmed } from '../common/common.schemas';

/** One message caught by the development mailbox, as listed. */
export const MailboxMessageSummarySchema = z.object({
  id: z.string(),
  received_at: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
});
export type MailboxMessageSummary = z.infer<typeof MailboxMessageSummarySchema>;

/** Messages whose recipient or subject contains the search text (newest first). */
export const MailboxListQuerySchema = z.object({ search_query: optionalTrimmed });
export const MailboxListResponseSchema = z.object({ results: z.array(MailboxMessageSummarySchema) });
export type MailboxListResponse = z.infer<typeof MailboxListResponseSchema>;

/** A caught message with both its parts (either may be missing from a message sent elsewhere). */
export const MailboxMessageSchema = MailboxMessageSummarySchema.extend({ html: z.string().nullable(), text: z.string().nullable() });
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxMessageParamsSchema = z.object({ messageId: IdSlugSchema });

/** A job that failed after its last try (a dead letter), waiting for an admin's Retry. */
export const FailedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  data: z.unknown(),
  retry_count: z.number(),
  error: z.string(),
  created_on: z.string(),
  completed_on: z.string().nullable(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;

/** A job that failed and waits for its next try (its back-off), with the last try's error. */
export const RetryingJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  retry_count: z.number(),
  retry_limit: z.number(),
  error: z.string(),
  created_on: z.string(),
  next_try_on: z.string(),
});
export type RetryingJob = z.infer<typeof RetryingJobSchema>;

/** Failed jobs (`results`) and the jobs waiting for a retry after a failed try (`retrying`). */
export const FailedJobsResponseSchema = z.object({ results: z.array(FailedJobSchema), retrying: z.array(RetryingJobSchema) });
export type FailedJobsResponse = z.infer<typeof FailedJobsResponseSchema>;

export const JobIdParamsSchema = z.object({ jobId: z.uuid('Job not found') });
export const RetryJobResponseSchema = z.object({ id: z.string() });

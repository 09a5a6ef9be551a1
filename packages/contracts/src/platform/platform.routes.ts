import { defineRoutes } from '../common/route';
import {
  FailedJobsResponseSchema,
  JobIdParamsSchema,
  MailboxListQuerySchema,
  MailboxListResponseSchema,
  MailboxMessageParamsSchema,
  MailboxMessageSchema,
  RetryJobResponseSchema,
} from './platform.schemas';

export const platformRoutes = defineRoutes({
  adminMailboxList: {
    method: 'GET',
    path: 'admin/mailbox',
    query: MailboxListQuerySchema,
    response: MailboxListResponseSchema,
    auth: 'admin',
    summary:
      'Messages caught by the development mailbox, newest first, the 200 newest or those whose recipient or subject contains the search (development only; 404 in production)',
  },
  adminMailboxMessage: {
    method: 'GET',
    path: 'admin/mailbox/:messageId',
    params: MailboxMessageParamsSchema,
    response: MailboxMessageSchema,
    auth: 'admin',
    summary: 'One caught message with its HTML and text (development only; 404 in production)',
  },
  adminFailedJobs: {
    method: 'GET',
    path: 'admin/jobs/failed',
    response: FailedJobsResponseSchema,
    auth: 'admin',
    summary: 'Jobs that failed after their last try, and jobs waiting for a retry',
  },
  adminRetryJob: {
    method: 'POST',
    path: 'admin/jobs/:jobId/retry',
    params: JobIdParamsSchema,
    response: RetryJobResponseSchema,
    auth: 'admin',
    summary: 'Puts a failed job back in its queue',
  },
});

import { z } from 'zod';
import { PlacementBreakSchema } from './breaks.schemas';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';

/**
 * The weekly logbook of a placement: per OJT week, each day's hours and tasks with the job role
 * they practised (one of the programme's 20, from the catalogue) and text evidence; the trainee
 * submits the week, and a submitted week is read-only unless it is returned.
 */

export const LOGBOOK_MESSAGES = {
  hours: 'Hours must be a number from 0 to 24, in quarter hours',
  dayOutside: 'This day is not in the week',
  dayTwice: 'Each day once',
  tasksRequired: 'Say what you did on a day you worked',
  jobRoleUnknown: 'Choose one of the programme’s job roles',
  notEditable: 'This week is submitted: it can be changed only if your supervisor returns it',
  nothingLogged: 'Log the hours of at least one day before submitting the week',
  weekNotFound: 'Week not found',
  notStarted: 'This week has not started yet',
  fileType: 'Attach a PDF, JPEG or PNG file',
  tooManyFiles: 'A week can have at most 10 files: remove one first',
  fileNotFound: 'File not found',
} as const;

/** Files a week may carry, and how large each may be. */
export const LOGBOOK_MAX_FILES = 10;
export const LOGBOOK_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOGBOOK_FILE_TYPES = 'application/pdf,image/jpeg,image/png';

/** A file attached to a week, with a short-lived link to open it. */
export const LogbookFileSchema = z.object({
  id_slug: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  added_at: z.string(),
  url: z.string(),
});
export type LogbookFile = z.infer<typeof LogbookFileSchema>;

export const LOGBOOK_WEEK_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'RETURNED'] as const;
export const LogbookWeekStatusSchema = z.enum(LOGBOOK_WEEK_STATUSES);
export type LogbookWeekStatus = z.infer<typeof LogbookWeekStatusSchema>;
export const LOGBOOK_STATUS_LABELS: Record<LogbookWeekStatus, string> = {
  DRAFT: 'Not submitted',
  SUBMITTED: 'Waiting for the supervisor',
  APPROVED: 'Signed by the supervisor',
  RETURNED: 'Returned for changes',
};

export const LogbookDaySchema = z.strictObject({
  date: z.iso.date(),
  hours: z.coerce
    .number<number | string>({ error: LOGBOOK_MESSAGES.hours })
    .min(0, { error: LOGBOOK_MESSAGES.hours })
    .max(24, { error: LOGBOOK_MESSAGES.hours })
    .multipleOf(0.25, { error: LOGBOOK_MESSAGES.hours }),
  tasks: plainText(2000, { multiline: true }).default(''),
  /** The job role the day's work practised (a catalogue job role's title); '' when none. */
  job_role: plainText(120).default(''),
  /** What shows the work was done, in words (cleanroom sites often ban photos). */
  evidence: plainText(2000, { multiline: true }).default(''),
});
export type LogbookDay = z.infer<typeof LogbookDaySchema>;

export const SaveLogbookWeekSchema = z.strictObject({
  days: z
    .array(LogbookDaySchema)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.date)).size === days.length, { error: LOGBOOK_MESSAGES.dayTwice })
    .refine((days) => days.every((d) => d.hours === 0 || d.tasks.length > 0), { error: LOGBOOK_MESSAGES.tasksRequired }),
});
export type SaveLogbookWeek = z.infer<typeof SaveLogbookWeekSchema>;
export type SaveLogbookWeekInput = z.input<typeof SaveLogbookWeekSchema>;

export const LogbookEventSchema = z.object({
  kind: z.enum(['SUBMITTED', 'APPROVED', 'RETURNED']),
  by: z.string(),
  comment: z.string(),
  at: z.string(),
});

export const LogbookWeekSummarySchema = z.object({
  week: z.number().int(),
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  status: LogbookWeekStatusSchema,
  hours: z.number(),
  /** Days of the week in a break, and the week's hours target with them taken off (pro-rata of 7 days). */
  break_days: z.number().int(),
  target: z.number(),
});
export type LogbookWeekSummary = z.infer<typeof LogbookWeekSummarySchema>;

export const LogbookResponseSchema = z.object({
  data: z.object({
    placement_id_slug: z.string(),
    host_name: z.string(),
    weekly_hours_target: z.number(),
    /** Hours of the weeks submitted or signed, against the target of the weeks up to today. */
    hours_logged: z.number(),
    hours_due: z.number(),
    /** Each week with the supervisor's latest decision (who signed or returned it, when, why), if any. */
    weeks: z.array(LogbookWeekSummarySchema.extend({ decision: LogbookEventSchema.nullable() })),
    /** The breaks standing (not withdrawn), first first. */
    breaks: z.array(PlacementBreakSchema),
  }),
});
export type LogbookResponse = z.infer<typeof LogbookResponseSchema>;

export const LogbookWeekResponseSchema = z.object({
  data: LogbookWeekSummarySchema.extend({
    weekly_hours_target: z.number(),
    editable: z.boolean(),
    days: z.array(z.object({ date: z.iso.date(), hours: z.number(), tasks: z.string(), job_role: z.string(), evidence: z.string() })),
    /** Evidence files of the week, oldest first; added and removed while the week is editable. */
    files: z.array(LogbookFileSchema),
    events: z.array(LogbookEventSchema),
  }),
});
export type LogbookWeekResponse = z.infer<typeof LogbookWeekResponseSchema>;

export const PlacementIdParamsSchema = z.object({ placementId: IdSlugSchema });
export const PlacementWeekParamsSchema = z.object({
  placementId: IdSlugSchema,
  week: z.coerce.number<number | string>({ error: LOGBOOK_MESSAGES.weekNotFound }).int().min(1).max(60),
});
export const LogbookFileParamsSchema = PlacementWeekParamsSchema.extend({ fileId: IdSlugSchema });

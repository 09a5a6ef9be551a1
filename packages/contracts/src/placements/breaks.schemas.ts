import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';

/**
 * Breaks in a placement (illness, the host's shutdown): recorded by the trainee's coach or an
 * admin, with dates and a reason. An active break lengthens the trainee's OJT phase by its days
 * (their later dates move through the timeline) and pauses the hours target for its days. A break
 * is never edited: a correction (a new last day, or withdrawn) is a new entry with who and when.
 */

export const BREAK_REASONS = ['ILLNESS', 'HOST_SHUTDOWN', 'PERSONAL', 'OTHER'] as const;
export const BreakReasonSchema = z.enum(BREAK_REASONS, { error: 'Choose a reason' });
export type BreakReason = z.infer<typeof BreakReasonSchema>;
export const BREAK_REASON_LABELS: Record<BreakReason, string> = {
  ILLNESS: 'Illness',
  HOST_SHUTDOWN: 'Host shutdown',
  PERSONAL: 'Personal',
  OTHER: 'Other',
};

export const BREAK_MESSAGES = {
  startRequired: 'Enter the first day of the break',
  endRequired: 'Enter the last day of the break',
  endBeforeStart: 'The last day cannot be before the first day',
  outsideWindow: (start: string, end: string) => `The break must fall within the trainee's OJT dates (${start} to ${end})`,
  overlaps: (start: string, end: string) => `This overlaps the break from ${start} to ${end}`,
  noteRequired: 'Say what the break is for',
  commentRequired: 'Say why the break is corrected',
  notFound: 'Break not found',
  withdrawn: 'This break was withdrawn',
  sameEnd: 'The break already ends on this day',
} as const;

const date = (message: string) => z.iso.date({ error: message });

/** A break as the coach records it; "Other" needs a note saying what it is. */
export const RecordBreakSchema = z
  .strictObject({
    starts_on: date(BREAK_MESSAGES.startRequired),
    ends_on: date(BREAK_MESSAGES.endRequired),
    reason: BreakReasonSchema,
    note: plainText(500, { multiline: true }).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.ends_on < b.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: BREAK_MESSAGES.endBeforeStart });
    if (b.reason === 'OTHER' && !b.note.trim()) ctx.addIssue({ code: 'custom', path: ['note'], message: BREAK_MESSAGES.noteRequired });
  });
export type RecordBreak = z.infer<typeof RecordBreakSchema>;
export type RecordBreakInput = z.input<typeof RecordBreakSchema>;

/** A correction of a break: a new last day (ended early, or longer), or null to withdraw it. */
export const CorrectBreakSchema = z.strictObject({
  ends_on: date(BREAK_MESSAGES.endRequired).nullable(),
  comment: requiredText(BREAK_MESSAGES.commentRequired, 500, { multiline: true }),
});
export type CorrectBreak = z.infer<typeof CorrectBreakSchema>;

export const BreakCorrectionSchema = z.object({
  /** The new last day; null: withdrawn. */
  ends_on: z.iso.date().nullable(),
  comment: z.string(),
  by: z.string(),
  at: z.string(),
});

export const PlacementBreakSchema = z.object({
  id_slug: z.string(),
  starts_on: z.iso.date(),
  /** The last day as corrected (the recorded one when never corrected). */
  ends_on: z.iso.date(),
  /** Calendar days, both ends included; 0 once withdrawn. */
  days: z.number().int(),
  withdrawn: z.boolean(),
  reason: BreakReasonSchema,
  note: z.string(),
  recorded_ends_on: z.iso.date(),
  recorded_by: z.string(),
  recorded_at: z.string(),
  corrections: z.array(BreakCorrectionSchema),
});
export type PlacementBreak = z.infer<typeof PlacementBreakSchema>;

export const PlacementBreakParamsSchema = z.object({ placementId: IdSlugSchema, breakId: IdSlugSchema });

// ---- per host company figures ------------------------------------------------------------------

/** The share of weeks signed within this many days of submission that a host company should reach. */
export const SIGNED_ON_TIME_DAYS = 7;
export const SIGNED_ON_TIME_TARGET = 0.95;
export const SIGNED_ON_TIME_RULE =
  'Weeks signed within 7 days of their last submission, out of the weeks signed or submitted at least 7 days ago. Weeks returned to the trainee count again once resubmitted.';
export const HOURS_DELIVERED_RULE =
  "Hours of signed weeks, against each trainee's weekly target over their OJT weeks ended so far, less the days of their breaks.";

export const REVIEWS_ON_TIME_RULE =
  "Reviews at weeks 4, 8 and 16 signed by the trainee, the supervisor and the coach by their due day (the last day of the review's week), out of those signed or past their due day.";

export const HostFiguresSchema = z.object({
  weeks_counted: z.number().int(),
  weeks_signed_on_time: z.number().int(),
  /** weeks_signed_on_time / weeks_counted; null when no week counts yet. */
  signed_on_time_share: z.number().nullable(),
  hours_delivered: z.number(),
  hours_agreed: z.number(),
  /** Reviews (weeks 4, 8, 16) signed by all three, or past their due day unsigned. */
  reviews_counted: z.number().int(),
  /** Of those, signed by all three by their due day. */
  reviews_on_time: z.number().int(),
});
export type HostFigures = z.infer<typeof HostFiguresSchema>;

import { z } from 'zod';

/**
 * A user's private calendar feed (ICS): its address is shown once, when made (only a hash of its
 * secret is kept), so the page says whether one exists and since when.
 */
export const CalendarFeedSchema = z.object({
  /** The feed's address: only in the answer that made it. */
  url: z.string().nullable(),
  /** When the current feed was made; null without one. */
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
export const CalendarFeedResponseSchema = z.object({ data: CalendarFeedSchema });

/** The feed's file name in its address: the secret (43 base64url characters) and `.ics`. */
export const CalendarFeedFileParamsSchema = z.strictObject({ feedFile: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });

export const CALENDAR_FEED_NOT_FOUND_MESSAGE = 'This calendar feed does not exist or was replaced.';

import { z } from 'zod';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';

/** How a live session is held: online (a meeting link of any provider) or on site (a place). */
export const SessionModeSchema = z.enum(['ONLINE', 'ON_SITE']);
export type SessionMode = z.infer<typeof SessionModeSchema>;

/** Students may open an online session's link from this many minutes before its start. */
export const SESSION_LINK_OPENS_MINUTES = 15;

export const LIVE_SESSION_MESSAGES = {
  meetingUrlRequired: 'An online session needs its meeting link',
  placeRequired: 'An on-site session needs its place',
  facilitatorNotTeaching: "A facilitator must be one of the cohort's instructors",
  notFound: 'Session not found',
  cancelled: 'This session is cancelled',
} as const;

const MeetingUrlSchema = z
  .url({ protocol: /^https$/, error: 'Enter the meeting link (https://...)' })
  .max(2000, { error: 'Must be at most 2000 characters' });

/** A session as the admin console saves it (create and edit alike). */
export const SaveLiveSessionSchema = z
  .strictObject({
    title: plainText(200).min(1, { error: 'Title is required' }),
    starts_at: DateTimeSchema,
    duration_minutes: z
      .number({ error: 'Enter the duration in minutes' })
      .int({ error: 'Enter whole minutes' })
      .min(5, { error: 'A session lasts at least 5 minutes' })
      .max(720, { error: 'A session lasts at most 12 hours' }),
    mode: SessionModeSchema,
    meeting_url: MeetingUrlSchema.nullable().default(null),
    place: plainText(300).nullable().default(null),
    mandatory: z.boolean(),
    facilitator_id_slugs: z.array(IdSlugSchema).max(20).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'ONLINE' && !s.meeting_url)
      ctx.addIssue({ code: 'custom', path: ['meeting_url'], message: LIVE_SESSION_MESSAGES.meetingUrlRequired });
    if (s.mode === 'ON_SITE' && !s.place?.trim())
      ctx.addIssue({ code: 'custom', path: ['place'], message: LIVE_SESSION_MESSAGES.placeRequired });
  });
export type SaveLiveSession = z.input<typeof SaveLiveSessionSchema>;

export const CohortSessionParamsSchema = z.object({ cohortId: IdSlugSchema, sessionId: IdSlugSchema });
export const CohortSessionsUserParamsSchema = z.object({ cohortId: IdSlugSchema, userIdSlug: IdSlugSchema });

export const SessionFacilitatorSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() });

/** A session as staff see it. */
export const LiveSessionSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  mode: SessionModeSchema,
  meeting_url: z.string().nullable(),
  place: z.string().nullable(),
  mandatory: z.boolean(),
  cancelled_at: z.string().nullable(),
  facilitators: z.array(SessionFacilitatorSchema),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;
export const LiveSessionResponseSchema = LiveSessionSchema;
export const LiveSessionsResponseSchema = z.object({ data: z.array(LiveSessionSchema) });
export type LiveSessionsResponse = z.infer<typeof LiveSessionsResponseSchema>;

/**
 * A session as a student sees it: the meeting link is withheld (null) until `link_opens_at`,
 * 15 minutes before the start, and once the session is cancelled.
 */
export const StudentLiveSessionSchema = LiveSessionSchema.omit({ cancelled_at: true }).extend({
  cancelled: z.boolean(),
  link_opens_at: z.string(),
});
export type StudentLiveSession = z.infer<typeof StudentLiveSessionSchema>;
export const StudentLiveSessionsResponseSchema = z.object({ data: z.array(StudentLiveSessionSchema) });
export type StudentLiveSessionsResponse = z.infer<typeof StudentLiveSessionsResponseSchema>;

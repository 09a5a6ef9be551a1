import { z } from 'zod';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter, isBlankText } from '../common/text';

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 5000;
/** Cohorts one announcement may go to. */
export const ANNOUNCEMENT_COHORTS_MAX = 20;
/** Announcements an author may post (or schedule) in an hour. */
export const ANNOUNCEMENT_POSTS_PER_HOUR = 20;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Enter a title',
  titleTooLong: `The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`,
  bodyRequired: 'Write the announcement',
  bodyTooLong: `The announcement must be at most ${ANNOUNCEMENT_BODY_MAX.toLocaleString('en-GB')} characters`,
  cohortsRequired: 'Choose at least one cohort',
  tooManyCohorts: `Choose at most ${ANNOUNCEMENT_COHORTS_MAX} cohorts`,
  publishInPast: 'Choose a time in the future, or post it now',
  notFound: 'Announcement not found',
  cohortNotFound: 'Cohort not found',
  notAuthor: 'Only its author or an administrator may change this announcement',
  cancelledOrSent: 'This announcement has gone out or was cancelled: it can no longer be cancelled',
  cancelled: 'This announcement was cancelled',
  alreadySent: 'This announcement has gone out: its cohorts and time can no longer change',
  tooMany: (wait: string) => `You have posted too many announcements. Please try again ${wait}.`,
} as const;

/** The title: one line, trimmed. */
const TitleSchema = z
  .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: ANNOUNCEMENT_MESSAGES.titleRequired })
  .refine((v) => v.length === 0 || !isBlankText(v), { error: ANNOUNCEMENT_MESSAGES.titleRequired })
  .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
  .max(ANNOUNCEMENT_TITLE_MAX, { error: ANNOUNCEMENT_MESSAGES.titleTooLong });

/** The body: plain text with line breaks (never HTML: every reader shows it as text). */
const BodySchema = z
  .string({ error: ANNOUNCEMENT_MESSAGES.bodyRequired })
  .trim()
  .min(1, { error: ANNOUNCEMENT_MESSAGES.bodyRequired })
  .refine((v) => v.length === 0 || !isBlankText(v), { error: ANNOUNCEMENT_MESSAGES.bodyRequired })
  .refine((v) => !hasControlCharacter(v, true), { error: CONTROL_CHARACTER_MESSAGE })
  .max(ANNOUNCEMENT_BODY_MAX, { error: ANNOUNCEMENT_MESSAGES.bodyTooLong });

/** What an author posts: now (`publish_at` null) or at a later time. */
export const SaveAnnouncementSchema = z.strictObject({
  title: TitleSchema,
  body: BodySchema,
  cohort_id_slugs: z
    .array(IdSlugSchema, { error: ANNOUNCEMENT_MESSAGES.cohortsRequired })
    .min(1, { error: ANNOUNCEMENT_MESSAGES.cohortsRequired })
    .max(ANNOUNCEMENT_COHORTS_MAX, { error: ANNOUNCEMENT_MESSAGES.tooManyCohorts }),
  publish_at: DateTimeSchema.nullable().default(null),
  pinned: z.boolean().default(false),
});
export type SaveAnnouncement = z.input<typeof SaveAnnouncementSchema>;

/** An edit: scheduled ones may change everything; sent ones their text and pin (marked edited). */
export const UpdateAnnouncementSchema = z
  .strictObject({
    title: TitleSchema.optional(),
    body: BodySchema.optional(),
    cohort_id_slugs: SaveAnnouncementSchema.shape.cohort_id_slugs.optional(),
    publish_at: DateTimeSchema.nullable().optional(),
    pinned: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
export type UpdateAnnouncement = z.input<typeof UpdateAnnouncementSchema>;

export const AnnouncementStatusSchema = z.enum(['SCHEDULED', 'PUBLISHED', 'CANCELLED']);
export type AnnouncementStatus = z.infer<typeof AnnouncementStatusSchema>;

const CohortRefSchema = z.object({ id_slug: z.string(), title: z.string() });

/** An announcement as its staff see it. */
export const StaffAnnouncementSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  status: AnnouncementStatusSchema,
  publish_at: z.string(),
  published_at: z.string().nullable(),
  edited_at: z.string().nullable(),
  author_name: z.string(),
  mine: z.boolean(),
  cohorts: z.array(CohortRefSchema),
});
export type StaffAnnouncement = z.infer<typeof StaffAnnouncementSchema>;

export const StaffAnnouncementResponseSchema = z.object({ data: StaffAnnouncementSchema });
export const StaffAnnouncementsResponseSchema = z.object({ data: z.array(StaffAnnouncementSchema) });

/** Cohorts the caller may post to (admins: every cohort still open; staff: their own). */
export const AnnouncementCohortsResponseSchema = z.object({ data: z.array(CohortRefSchema) });

/** A published announcement as a student reads it. */
export const StudentAnnouncementSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  published_at: z.string(),
  edited_at: z.string().nullable(),
  author_name: z.string(),
  cohort_title: z.string(),
  cohort_id_slug: z.string(),
  read: z.boolean(),
});
export type StudentAnnouncement = z.infer<typeof StudentAnnouncementSchema>;

export const StudentAnnouncementsResponseSchema = z.object({ data: z.array(StudentAnnouncementSchema), unread: z.number().int() });
export type StudentAnnouncementsResponse = z.infer<typeof StudentAnnouncementsResponseSchema>;

export const UnreadAnnouncementsResponseSchema = z.object({ unread: z.number().int() });

export const AnnouncementIdParamsSchema = z.object({ announcementId: IdSlugSchema });
export const CohortAnnouncementsParamsSchema = z.object({ cohortId: IdSlugSchema });

/** How a student hears of announcements by mail. */
export const ANNOUNCEMENT_MAIL_CHOICES = ['each', 'digest', 'off'] as const;
export type AnnouncementMailChoice = (typeof ANNOUNCEMENT_MAIL_CHOICES)[number];

import { z } from 'zod';
import { ANNOUNCEMENT_MAIL_CHOICES } from '../announcements/announcements.schemas';
import { IdSlugSchema } from '../common/common.schemas';

/**
 * The mail a user may turn off. Account mail (password reset, email verification, security
 * notices) and the notices of enrolment, grades and certificates always go.
 * - deadline_reminders: a student's reminder 24 hours before a mandatory item's deadline;
 * - application_digest: an admin's daily digest of new programme applications;
 * - announcements: a student's mail of their cohorts' announcements, each as it goes out, in one
 *   daily digest, or none (a choice of three, not a switch).
 */
export const NOTIFICATION_KINDS = ['deadline_reminders', 'application_digest', 'announcements'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationPreferencesSchema = z.object({
  deadline_reminders: z.boolean(),
  application_digest: z.boolean(),
  announcements: z.enum(ANNOUNCEMENT_MAIL_CHOICES),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z
  .strictObject({
    deadline_reminders: z.boolean({ error: 'Choose on or off' }).optional(),
    application_digest: z.boolean({ error: 'Choose on or off' }).optional(),
    announcements: z.enum(ANNOUNCEMENT_MAIL_CHOICES, { error: 'Choose each, daily digest or off' }).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { error: 'Nothing to change' });
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

export const NotificationPreferencesParamsSchema = z.strictObject({ userIdSlug: IdSlugSchema });

export const NotificationPreferencesResponseSchema = z.object({ preferences: NotificationPreferencesSchema });
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>;

export const UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

/** The link of an unsubscribe (in the List-Unsubscribe header and at the foot of the message). */
export const UnsubscribeQuerySchema = z.strictObject({ token: z.string().trim().min(1, { error: UNSUBSCRIBE_INVALID_MESSAGE }).max(300) });

/** RFC 8058: a one-click POST carries `List-Unsubscribe=One-Click` as a form; the page posts nothing. */
export const UnsubscribeBodySchema = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export const UnsubscribeResponseSchema = z.object({ message: z.string(), kind: z.enum(NOTIFICATION_KINDS) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

export const unsubscribedMessage = (kind: NotificationKind) =>
  kind === 'deadline_reminders'
    ? 'You will no longer receive deadline reminders. You can turn them back on in your settings.'
    : kind === 'announcements'
      ? 'You will no longer receive emails of announcements. You still see them in your class, and can turn the emails back on in your settings.'
      : 'You will no longer receive the daily digest of programme applications. You can turn it back on in your settings.';

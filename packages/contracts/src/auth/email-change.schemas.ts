import { z } from 'zod';
import { makeRequiredString } from './auth.schemas';

/** Hours an email change's confirmation link stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Days the cancel link sent to the old address works: it withdraws a pending change, or undoes a confirmed one. */
export const EMAIL_CHANGE_CANCEL_DAYS = 7;

/** What the settings page says while a change waits for its confirmation. */
export const emailChangePendingMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes once you open it (valid for 24 hours).`;
export const EMAIL_CHANGE_CONFIRMED_MESSAGE = 'Email changed successfully!';
export const EMAIL_CHANGE_CANCELLED_MESSAGE = 'The email change was cancelled. Your email stays as it was.';
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = 'This email change link is no longer valid.';
export const EMAIL_CHANGE_LINK_EXPIRED_MESSAGE = 'This email change link has expired. Please change your email again from your settings.';
export const EMAIL_CHANGE_LINK_USED_MESSAGE = 'This email change link has already been used.';
export const EMAIL_CHANGE_UNDONE_MESSAGE =
  'The email change was undone: your email is back as it was, and every device was signed out. Sign in again, and change your password if you did not ask for the change.';
export const EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE =
  'The email change cannot be undone: your old email now belongs to another account. Please contact us to recover your account.';
export const EMAIL_CHANGE_CANCEL_EXPIRED_MESSAGE = 'This cancel link has expired: it works for 7 days after the change was asked for.';
export const EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE = 'This email change was cancelled.';

/** A confirmation or cancel link's token. */
export const EmailChangeTokenSchema = z.strictObject({ token: makeRequiredString(EMAIL_CHANGE_LINK_INVALID_MESSAGE, 200) });
export type EmailChangeToken = z.infer<typeof EmailChangeTokenSchema>;

/** The change that waits for its confirmation, if any. */
export const EmailChangePendingSchema = z.object({
  pending_email: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type EmailChangePending = z.infer<typeof EmailChangePendingSchema>;

export const EmailChangeConfirmResponseSchema = z.object({ message: z.string(), email: z.string() });
export type EmailChangeConfirmResponse = z.infer<typeof EmailChangeConfirmResponseSchema>;
export const EmailChangeCancelResponseSchema = z.object({ message: z.string() });
export type EmailChangeCancelResponse = z.infer<typeof EmailChangeCancelResponseSchema>;

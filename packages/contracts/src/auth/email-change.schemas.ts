import { z } from 'zod';
import { makeRequiredString } from './auth.schemas';

/** Hours an email change's confirmation link stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** What the settings page says while a change waits for its confirmation. */
export const emailChangePendingMessage = (email: string) =>
  `We sent a confirmation link to ${email}. Your email changes once you open it (valid for 24 hours).`;
export const EMAIL_CHANGE_CONFIRMED_MESSAGE = 'Email changed successfully!';
export const EMAIL_CHANGE_CANCELLED_MESSAGE = 'The email change was cancelled. Your email stays as it was.';
export const EMAIL_CHANGE_LINK_INVALID_MESSAGE = 'This email change link is no longer valid.';
export const EMAIL_CHANGE_LINK_EXPIRED_MESSAGE = 'This email change link has expired. Please change your email again from your settings.';
export const EMAIL_CHANGE_LINK_USED_MESSAGE = 'This email change link has already been used.';
export const EMAIL_CHANGE_ALREADY_CONFIRMED_MESSAGE = 'This email change has already been confirmed, so it can no longer be cancelled.';
/** Days after a confirmed change during which the old address's cancel link still undoes it. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
export const EMAIL_CHANGE_UNDONE_MESSAGE =
  'The email change was undone: your account uses this email again, and every session of it has been signed out. If someone else may know your password, reset it now.';
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

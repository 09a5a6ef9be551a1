import { z } from 'zod';
import { matchesField } from '../common/refine';
import {
  AuthResponseSchema,
  EmailSchema,
  makeRequiredString,
  PASSWORD_MAX_LENGTH,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PasswordRuleSchema,
} from './auth.schemas';

/** Minutes a password reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** The one answer to every reset request, whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, we have sent a link to reset its password. The link is valid for 30 minutes.';
export const RESET_LINK_EXPIRED_MESSAGE = 'This password reset link has expired. Please ask for a new one.';
export const RESET_LINK_USED_MESSAGE = 'This password reset link has already been used. Please ask for a new one.';
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is no longer valid. Please ask for a new one.';

export const PasswordResetRequestSchema = z.strictObject({ email: EmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetRequestResponseSchema = z.object({ message: z.string() });
export type PasswordResetRequestResponse = z.infer<typeof PasswordResetRequestResponseSchema>;

const confirmNewPassword = matchesField('new_password', 'confirm_new_password', PASSWORDS_DO_NOT_MATCH_MESSAGE);

/** The new password follows the sign-up rule; the confirmation has change-password's messages. */
export const PasswordResetConfirmSchema = z
  .strictObject({
    token: makeRequiredString(RESET_LINK_INVALID_MESSAGE, 200),
    new_password: PasswordRuleSchema,
    confirm_new_password: makeRequiredString('Confirm password is required.', PASSWORD_MAX_LENGTH),
  })
  .refine(confirmNewPassword.check, confirmNewPassword.params);
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The form on the page: the token travels in the link, not in a field. */
export const PasswordResetFormSchema = z
  .strictObject({
    new_password: PasswordRuleSchema,
    confirm_new_password: makeRequiredString('Confirm password is required.', PASSWORD_MAX_LENGTH),
  })
  .refine(confirmNewPassword.check, confirmNewPassword.params);
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;

/** A reset signs the user in, as login does. */
export const PasswordResetConfirmResponseSchema = AuthResponseSchema;
export type PasswordResetConfirmResponse = z.infer<typeof PasswordResetConfirmResponseSchema>;

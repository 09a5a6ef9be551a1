import { z } from 'zod';
import { makeRequiredString } from './auth.schemas';

/** Hours a verification link stays valid. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;

export const EMAIL_VERIFIED_MESSAGE = 'Your email is confirmed. Classes waiting for this address are now on your dashboard.';
export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email is already confirmed.';
export const EMAIL_VERIFICATION_LINK_INVALID_MESSAGE = 'This confirmation link is no longer valid.';
export const EMAIL_VERIFICATION_LINK_EXPIRED_MESSAGE =
  'This confirmation link has expired. Send a new one from your dashboard or settings.';
export const EMAIL_VERIFICATION_LINK_USED_MESSAGE = 'This confirmation link has already been used.';
/** What the learner sees while their address is unconfirmed. */
export const emailUnverifiedMessage = (email: string) =>
  `Please confirm your email: we sent a link to ${email}. Classes you were invited to appear once it is confirmed.`;
export const emailVerificationSentMessage = (email: string) => `We sent a new confirmation link to ${email}.`;

/** A verification link's token. */
export const EmailVerificationTokenSchema = z.strictObject({ token: makeRequiredString(EMAIL_VERIFICATION_LINK_INVALID_MESSAGE, 200) });
export type EmailVerificationToken = z.infer<typeof EmailVerificationTokenSchema>;

/** Whether the signed-in account proved its address. */
export const EmailVerificationStatusSchema = z.object({ email: z.string(), verified: z.boolean() });
export type EmailVerificationStatus = z.infer<typeof EmailVerificationStatusSchema>;

export const EmailVerifyResponseSchema = z.object({ message: z.string(), email: z.string() });
export type EmailVerifyResponse = z.infer<typeof EmailVerifyResponseSchema>;
export const EmailVerificationResendResponseSchema = z.object({ message: z.string() });
export type EmailVerificationResendResponse = z.infer<typeof EmailVerificationResendResponseSchema>;

import { z } from 'zod';
import { PASSWORD_RULE_MESSAGE } from '../common/common.schemas';
import { filled, filledWithin, matchesField, onlyWhen } from '../common/refine';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter, isBlankText } from '../common/text';

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const EMAIL_FORMAT_MESSAGE = 'Invalid email format';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const INVALID_NAME_MESSAGE = 'Please enter a valid name';
export const PASSWORD_MAX_LENGTH = 128;
/** Sign-in trims what is typed, so a password that starts or ends with a space could never be used. */
export const PASSWORD_SPACES_MESSAGE = 'Password must not start or end with a space.';

/** At least one lowercase, one uppercase, one digit, one symbol (anything else), 6 characters or more. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{6,}$/s;

/** A required email: trimmed, lowercased, checked for format. Messages are customisable. */
export function makeEmailSchema(requiredMessage = EMAIL_REQUIRED_MESSAGE, formatMessage = EMAIL_FORMAT_MESSAGE) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .toLowerCase()
    .min(1, { error: requiredMessage })
    .max(254, onlyWhen(filled, { error: formatMessage }))
    .email(onlyWhen(filledWithin(254), { error: formatMessage }));
}

export const EmailSchema = makeEmailSchema();

/** A required, non-empty string (not trimmed: passwords are taken as typed). */
export function makeRequiredString(message: string, max = 1000) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

export const PasswordRuleSchema = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, { error: PASSWORD_REQUIRED_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  })
  .regex(PASSWORD_PATTERN, onlyWhen(filledWithin(PASSWORD_MAX_LENGTH), { error: PASSWORD_RULE_MESSAGE }))
  .refine((p) => p === p.trim(), onlyWhen(filledWithin(PASSWORD_MAX_LENGTH), { error: PASSWORD_SPACES_MESSAGE }));

export function makeNameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine((v) => v.length === 0 || !isBlankText(v), { error: requiredMessage })
    .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
    .min(2, onlyWhen(filled, { error: INVALID_NAME_MESSAGE }))
    .max(100, { error: 'Name must be at most 100 characters' });
}

export const FirstNameSchema = makeNameSchema('First name is required');
export const LastNameSchema = makeNameSchema('Last name is required');
/** Alias: the generic name schema (first-name messages). */
export const NameSchema = FirstNameSchema;

export const ROLES = ['STUDENT', 'INSTRUCTOR', 'ADMIN'] as const;
export const RoleSchema = z.enum(ROLES, { error: 'Invalid role' });
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

// ---- login / register ------------------------------------------------------

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: PASSWORD_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: PASSWORD_REQUIRED_MESSAGE })
    .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
});
export type Login = z.infer<typeof LoginSchema>;

const registerShape = {
  email: EmailSchema,
  password: PasswordRuleSchema,
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
  /** Accepted for compatibility; the server always creates a STUDENT. */
  role: RoleSchema.optional(),
  /** The token of an invitation link (/create-account?invite=): registers the invited email only. */
  invite: z.string().min(1).max(200).optional(),
};

export const RegisterSchema = z.strictObject(registerShape);
export type Register = z.infer<typeof RegisterSchema>;

const confirmPassword = matchesField('password', 'confirm_password', PASSWORDS_DO_NOT_MATCH_MESSAGE);
export const SignUpFormSchema = z
  .strictObject({
    ...registerShape,
    confirm_password: z.string({ error: 'Confirm your password' }).min(1, { error: 'Confirm your password' }),
  })
  .refine(confirmPassword.check, confirmPassword.params);
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

export const AuthResponseSchema = z.object({
  access: z.string(),
  /** Omitted for browsers, which receive it as an httpOnly cookie. */
  refresh: z.string().optional(),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

const RefreshTokenSchema = z.string().min(1, { error: 'Refresh token is required' }).max(512);

export const LogoutSchema = z.strictObject({ refresh: RefreshTokenSchema.optional() });
export type Logout = z.infer<typeof LogoutSchema>;

export const LogoutResponseSchema = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

export const CheckResponseSchema = z.object({
  user: UserSchema,
  /** Whether the signed-in admin holds the finance permission (amounts and bank details), read from the database. */
  finance: z.boolean().default(false),
});
export type CheckResponse = z.infer<typeof CheckResponseSchema>;

export const RefreshSchema = z.strictObject({ refresh: RefreshTokenSchema.optional() });
export type Refresh = z.infer<typeof RefreshSchema>;

export const RefreshResponseSchema = z.object({
  access: z.string(),
  refresh: z.string().optional(),
});
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

// ---- account status (admin) ------------------------------------------------

export const UserIdParamsSchema = z.strictObject({ userIdSlug: z.string().trim().min(1, { error: 'Identifier is required' }).max(200) });
export type UserIdParams = z.infer<typeof UserIdParamsSchema>;

/** Suspends (true) or reinstates (false) an account: a suspended account cannot sign in, and its sessions end. */
export const UpdateUserStatusSchema = z.strictObject({
  is_suspended: z.boolean({ error: 'is_suspended must be true or false' }),
});
export type UpdateUserStatus = z.infer<typeof UpdateUserStatusSchema>;

export const UpdateUserStatusResponseSchema = z.object({ user: UserSchema.extend({ is_suspended: z.boolean() }) });
export type UpdateUserStatusResponse = z.infer<typeof UpdateUserStatusResponseSchema>;

/** Gives an account another role: its sessions carry the old role no further (the token version moves). */
export const UpdateUserRoleSchema = z.strictObject({ role: RoleSchema });
export type UpdateUserRole = z.infer<typeof UpdateUserRoleSchema>;

// ---- account settings ------------------------------------------------------

export const ProfileUpdateSchema = z.strictObject({
  first_name: FirstNameSchema,
  last_name: LastNameSchema,
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export const ProfileUpdateResponseSchema = UserResponseSchema;
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

const confirmNewPassword = matchesField('new_password', 'confirm_new_password', PASSWORDS_DO_NOT_MATCH_MESSAGE);
export const ChangePasswordSchema = z
  .strictObject({
    old_password: makeRequiredString('Current password is required', PASSWORD_MAX_LENGTH),
    new_password: PasswordRuleSchema,
    confirm_new_password: makeRequiredString('Confirm password is required.', PASSWORD_MAX_LENGTH),
  })
  .refine(confirmNewPassword.check, confirmNewPassword.params);
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;
/** The password change revokes every session and signs this one in again with new tokens. */
export const ChangePasswordResponseSchema = z.object({
  message: z.string(),
  access: z.string().optional(),
  refresh: z.string().optional(),
  user: UserSchema.optional(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const ChangeEmailSchema = z.strictObject({
  current_email: makeEmailSchema('Current email is required'),
  current_password: makeRequiredString(PASSWORD_REQUIRED_MESSAGE, PASSWORD_MAX_LENGTH),
  new_email: makeEmailSchema('New email is required'),
});
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;
/** The user, unchanged until the new address is confirmed, and the address waiting for that confirmation. */
export const ChangeEmailResponseSchema = UserResponseSchema.extend({ pending_email: z.string() });
export type ChangeEmailResponse = z.infer<typeof ChangeEmailResponseSchema>;

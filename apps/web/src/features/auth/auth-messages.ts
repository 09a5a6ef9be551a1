import { ApiError } from '@school/contracts';

export const NO_USER_ALERT = 'There is no user with that email. Please create an account.';
export const REGISTRATION_FAILED_ALERT = 'Registration failed. Please check your details.';

/**
 * The alert after a failed login: the server's email message, else its password message,
 * else the no-user text. Throttling (429) and suspension (403) show the server's own message.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.errors?.email) return `Login failed. ${error.errors.email}`;
    if (error.errors?.password) return `Login failed. ${error.errors.password}`;
    if (error.status === 429 || error.status === 403) return `Login failed. ${error.message}`;
  }
  return NO_USER_ALERT;
}

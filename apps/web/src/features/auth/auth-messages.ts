import { ApiError } from '@school/contracts';

export const NO_USER_ALERT = 'There is no user with that email. Please create an account.';
export const REGISTRATION_FAILED_ALERT = 'Registration failed. Please check your details.';
/** The site's generic message for a request that did not get a usable answer (server error, no network). */
export const TRANSPORT_FAILURE_ALERT = 'Uh oh... something went wrong. Please try again later.';

/**
 * The alert after a failed login: the server's email message, else its password message.
 * Throttling (429) and suspension (403) show the server's own message. A server error (5xx) or
 * no answer at all (network failure) is the generic transport message; only a 4xx without
 * field messages falls back to the no-user text.
 */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return TRANSPORT_FAILURE_ALERT;
  if (error.errors?.email) return `Login failed. ${error.errors.email}`;
  if (error.errors?.password) return `Login failed. ${error.errors.password}`;
  if (error.status === 429 || error.status === 403) return `Login failed. ${error.message}`;
  return NO_USER_ALERT;
}

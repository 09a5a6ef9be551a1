import { ApiError } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { loginFailureMessage, NO_USER_ALERT, TRANSPORT_FAILURE_ALERT } from './auth-messages';

describe('loginFailureMessage', () => {
  it('prefers the email message, then the password message', () => {
    expect(loginFailureMessage(new ApiError(400, 'x', { email: 'There is no user with that email.', password: 'p' }))).toBe(
      'Login failed. There is no user with that email.',
    );
    expect(loginFailureMessage(new ApiError(400, 'x', { password: 'Incorrect password. Please try again.' }))).toBe(
      'Login failed. Incorrect password. Please try again.',
    );
  });
  it('falls back to the no-user text only for a 4xx without field messages', () => {
    expect(loginFailureMessage(new ApiError(400, 'Bad request'))).toBe(NO_USER_ALERT);
    expect(loginFailureMessage(new ApiError(401, 'Unauthorized'))).toBe(NO_USER_ALERT);
  });
  it('shows the generic transport message for a server error or a network failure', () => {
    expect(TRANSPORT_FAILURE_ALERT).toBe('Uh oh... something went wrong. Please try again later.');
    expect(loginFailureMessage(new ApiError(500, 'Internal server error'))).toBe(TRANSPORT_FAILURE_ALERT);
    expect(loginFailureMessage(new ApiError(503, 'Database unavailable'))).toBe(TRANSPORT_FAILURE_ALERT);
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe(TRANSPORT_FAILURE_ALERT);
  });
  it('shows the throttling message', () => {
    expect(loginFailureMessage(new ApiError(429, 'Too many failed login attempts. Please try again in 15 minutes.'))).toBe(
      'Login failed. Too many failed login attempts. Please try again in 15 minutes.',
    );
  });
});

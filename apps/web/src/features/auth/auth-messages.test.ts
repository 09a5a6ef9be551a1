import { ApiError } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { loginFailureMessage, NO_USER_ALERT } from './auth-messages';

describe('loginFailureMessage', () => {
  it('prefers the email message, then the password message', () => {
    expect(loginFailureMessage(new ApiError(400, 'x', { email: 'There is no user with that email.', password: 'p' }))).toBe(
      'Login failed. There is no user with that email.',
    );
    expect(loginFailureMessage(new ApiError(400, 'x', { password: 'Incorrect password. Please try again.' }))).toBe(
      'Login failed. Incorrect password. Please try again.',
    );
  });
  it('falls back to the no-user text', () => {
    expect(loginFailureMessage(new ApiError(500, 'Internal server error'))).toBe(NO_USER_ALERT);
    expect(loginFailureMessage(new TypeError('Network Error'))).toBe(NO_USER_ALERT);
  });
  it('shows the throttling message', () => {
    expect(loginFailureMessage(new ApiError(429, 'Too many failed login attempts. Please try again in 15 minutes.'))).toBe(
      'Login failed. Too many failed login attempts. Please try again in 15 minutes.',
    );
  });
});

/** The alerts of the settings page (public-site-and-accounts.md section 8), for students and staff alike. */
export const PROFILE_UPDATED_ALERT = 'Update is successful!';
export const PASSWORD_CHANGED_ALERT = 'Password change successful!';
export const EMAIL_CHANGED_ALERT = 'Email changed successfully!';

/** The alerts of /student/settings (public-site-and-accounts.md section 8), shared with the staff's settings. */
export { EMAIL_CHANGED_ALERT, PASSWORD_CHANGED_ALERT, PROFILE_UPDATED_ALERT } from '@school/ui';

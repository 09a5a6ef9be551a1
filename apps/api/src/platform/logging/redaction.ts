/**
 * What never reaches the log: credentials (Authorization, cookies, passwords, tokens) and personal
 * data (emails), wherever they could appear: headers, logged objects, URLs' query strings, messages.
 */

export const REDACTED = '[Redacted]';

/** Paths pino censors in every logged object (fast-redact: `*` is one level). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...[
    'password',
    'new_password',
    'old_password',
    'current_password',
    'confirm_password',
    'password_hash',
    'token',
    'access',
    'refresh',
    'access_token',
    'refresh_token',
    'secret',
    'email',
    'parameters',
    'body',
    // Trainees' payment details and their key, should any log line ever carry them.
    'id_number',
    'bank_name',
    'account_number',
    'account_holder',
    'PAYMENT_DETAILS_KEY',
  ].flatMap((key) => [key, `*.${key}`]),
];

/** Query parameters whose values are credentials or personal data. */
const SENSITIVE_KEY = /pass|token|secret|auth|key|sig|code|email|refresh|access|session|cookie/i;
const EMAIL = /[^\s"'<>,;:/?=&]+(?:@|%40)[^\s"'<>,;:/?=&]+\.[^\s"'<>,;:/?=&]+/gi;

/** `text` with every email address replaced. */
export function redactEmails(text: string): string {
  return text.includes('@') || text.includes('%40') ? text.replace(EMAIL, REDACTED) : text;
}

/**
 * A URL fit for the log: the path with emails removed, each query value that is a credential or
 * personal data replaced. A URL without a query or an email is returned as it is (no allocation).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactEmails(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return redactEmails(pair);
      const key = pair.slice(0, eq);
      if (SENSITIVE_KEY.test(key)) return `${key}=${REDACTED}`;
      const value = pair.slice(eq + 1);
      const redacted = redactEmails(value);
      return redacted === value ? pair : `${key}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

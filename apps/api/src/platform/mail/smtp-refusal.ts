/**
 * Whether a failed send was refused for good: the SMTP server answered RCPT TO with a permanent
 * (5xx) reply and nodemailer names the refused addresses. Sending again cannot succeed; a
 * temporary (4xx) refusal or a connection failure can.
 */
export function isPermanentRefusal(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { responseCode, rejected } = e as { responseCode?: unknown; rejected?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && Array.isArray(rejected) && rejected.length > 0;
}

import { exec, mustOne, one, type Sql } from '../../common/sql/db';

// Email changes waiting for their confirmation.

export interface EmailChangeRow {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  expires_at: string;
  expired: boolean;
  confirmed_at: string | null;
  cancelled_at: string | null;
  invalidated_at: string | null;
}

const EMAIL_CHANGE_COLUMNS = `id, user_id, old_email, new_email, expires_at, expires_at <= now() AS expired,
  confirmed_at, cancelled_at, invalidated_at`;
const LIVE_EMAIL_CHANGE = 'confirmed_at IS NULL AND cancelled_at IS NULL AND invalidated_at IS NULL';

/** Withdraws the account's live email change (a newer request, a confirmation). */
export async function invalidateEmailChanges(q: Sql, userId: string): Promise<void> {
  await exec(q, `UPDATE email_change_requests SET invalidated_at = now() WHERE user_id = $1 AND ${LIVE_EMAIL_CHANGE}`, [userId]);
}

export function emailTaken(q: Sql, email: string) {
  return one<{ id: string }>(q, `SELECT id FROM users WHERE email = $1`, [email]);
}

/** A new request, valid ttlHours; its tokens are made by the jobs that mail them. */
export function insertEmailChange(q: Sql, userId: string, oldEmail: string, newEmail: string, ttlHours: number) {
  return mustOne<{ id: string }>(
    q,
    `INSERT INTO email_change_requests (user_id, old_email, new_email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING id`,
    [userId, oldEmail, newEmail, ttlHours],
  );
}

/** The account's live, unexpired request, if any. */
export function pendingEmailChange(q: Sql, userId: string) {
  return one<{ new_email: string; expires_at: string }>(
    q,
    `SELECT new_email, expires_at FROM email_change_requests WHERE user_id = $1 AND ${LIVE_EMAIL_CHANGE} AND expires_at > now()`,
    [userId],
  );
}

/**
 * Stores the hash of a live request's confirmation or cancel token (a new one replaces the old
 * when a send is retried); answers what the message needs, or nothing when the request is over.
 */
export function setEmailChangeToken(q: Sql, id: string, kind: 'confirm' | 'cancel', tokenHash: string) {
  const column = kind === 'confirm' ? 'confirm_token_hash' : 'cancel_token_hash';
  return one<{ first_name: string; old_email: string; new_email: string }>(
    q,
    `UPDATE email_change_requests r SET ${column} = $2 FROM users u
      WHERE r.id = $1 AND u.id = r.user_id AND r.confirmed_at IS NULL AND r.cancelled_at IS NULL AND r.invalidated_at IS NULL AND r.expires_at > now()
      RETURNING u.first_name, r.old_email, r.new_email`,
    [id, tokenHash],
  );
}

/** The request a token belongs to, locked; `cancel_expired` once `cancelDays` have passed since it was asked for. */
export function lockEmailChangeByToken(q: Sql, kind: 'confirm' | 'cancel', tokenHash: string, cancelDays = 0) {
  const column = kind === 'confirm' ? 'confirm_token_hash' : 'cancel_token_hash';
  return one<EmailChangeRow & { cancel_expired: boolean }>(
    q,
    `SELECT ${EMAIL_CHANGE_COLUMNS}, created_at + make_interval(days => $2) <= now() AS cancel_expired
       FROM email_change_requests WHERE ${column} = $1 FOR UPDATE`,
    [tokenHash, cancelDays],
  );
}

/** What the notice of an undone change needs. */
export function emailChangeNotice(q: Sql, id: string) {
  return one<{ first_name: string; old_email: string; new_email: string }>(
    q,
    `SELECT u.first_name, r.old_email, r.new_email FROM email_change_requests r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [id],
  );
}

/**
 * Revokes every live refresh token of the user except the family of `keepTokenHash`, when that
 * token is a live one of this user (the session of the browser making the call).
 */
export async function revokeOtherRefreshTokens(q: Sql, userId: string, keepTokenHash: string | null): Promise<void> {
  await exec(
    q,
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL
        AND family_id IS DISTINCT FROM (
          SELECT family_id FROM refresh_tokens
           WHERE token_hash = $2 AND user_id = $1 AND revoked_at IS NULL AND expires_at > now())`,
    [userId, keepTokenHash],
  );
}

export async function markEmailChange(q: Sql, id: string, outcome: 'confirmed' | 'cancelled'): Promise<void> {
  await exec(q, `UPDATE email_change_requests SET ${outcome}_at = now() WHERE id = $1`, [id]);
}

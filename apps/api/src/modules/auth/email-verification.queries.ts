import { exec, mustOne, one, type Sql } from '../../common/sql/db';

// Email verification of self-registered accounts.

export interface VerificationRow {
  id: string;
  user_id: string;
  email: string;
  expired: boolean;
  used_at: string | null;
  invalidated_at: string | null;
}

/** Whether the account proved its email. */
export function verificationStatus(q: Sql, userId: string) {
  return one<{ email: string; verified: boolean }>(q, `SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1`, [
    userId,
  ]);
}

/** A new verification of the account's current email (earlier ones withdrawn); its token is made by the job that mails it. */
export async function insertVerification(q: Sql, userId: string, email: string, ttlHours: number): Promise<string> {
  await exec(q, `UPDATE email_verifications SET invalidated_at = now() WHERE user_id = $1 AND used_at IS NULL AND invalidated_at IS NULL`, [
    userId,
  ]);
  const row = await mustOne<{ id: string }>(
    q,
    `INSERT INTO email_verifications (user_id, email, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING id::text`,
    [userId, email, ttlHours],
  );
  return row.id;
}

/**
 * Stores the hash of a live verification's token (a retried send replaces it): only while the
 * account still has that email unverified. Answers the address to mail, or nothing.
 */
export function armVerification(q: Sql, id: string, tokenHash: string) {
  return one<{ email: string; first_name: string }>(
    q,
    `UPDATE email_verifications v SET token_hash = $2 FROM users u
      WHERE v.id = $1 AND u.id = v.user_id AND u.email = v.email AND u.email_verified_at IS NULL
        AND v.used_at IS NULL AND v.invalidated_at IS NULL AND v.expires_at > now()
      RETURNING v.email, u.first_name`,
    [id, tokenHash],
  );
}

export function lockVerificationByToken(q: Sql, tokenHash: string) {
  return one<VerificationRow>(
    q,
    `SELECT id::text, user_id::text, email, expires_at <= now() AS expired, used_at, invalidated_at
       FROM email_verifications WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash],
  );
}

export async function markVerificationUsed(q: Sql, id: string): Promise<void> {
  await exec(q, `UPDATE email_verifications SET used_at = now() WHERE id = $1`, [id]);
}

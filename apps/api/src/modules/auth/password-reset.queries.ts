import { exec, mustOne, one, type Sql } from '../../common/sql/db';
import type { AccountRow } from './accounts.queries';

// Password reset links.

export interface LinkRow {
  id: string;
  user_id: string;
  expired: boolean;
  used_at: string | null;
  invalidated_at: string | null;
}

const ACCOUNT_COLUMNS = 'id, id_slug, first_name, last_name, email, role, token_version, is_suspended';

/** The account with this email, locked: concurrent requests leave exactly one live link. */
export function lockAccountByEmail(q: Sql, email: string) {
  return one<AccountRow>(q, `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE email = $1 FOR UPDATE`, [email]);
}

export function resetAccount(q: Sql, id: string) {
  return one<AccountRow>(q, `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [id]);
}

export function lockResetAccount(q: Sql, id: string) {
  return one<AccountRow>(q, `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [id]);
}

/** Withdraws every live reset link of an account (a successful sign-in, a newer request, a reset). */
export async function invalidateResetLinks(q: Sql, userId: string): Promise<void> {
  await exec(
    q,
    `UPDATE password_reset_tokens SET invalidated_at = now() WHERE user_id = $1 AND used_at IS NULL AND invalidated_at IS NULL`,
    [userId],
  );
}

/** Stores a new link's token hash; answers the link's id. */
export async function insertResetLink(q: Sql, userId: string, tokenHash: string, ttlMinutes: number): Promise<string> {
  const row = await mustOne<{ id: string }>(
    q,
    `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING id`,
    [userId, tokenHash, ttlMinutes],
  );
  return row.id;
}

export function resetLink(q: Sql, tokenHash: string) {
  return one<LinkRow>(
    q,
    `SELECT id, user_id, expires_at <= now() AS expired, used_at, invalidated_at FROM password_reset_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
}

/** Marks a live link used; answers whether it was live (a concurrent use finds it used). */
export async function spendResetLink(q: Sql, id: string): Promise<boolean> {
  const spent = await one<{ id: string }>(
    q,
    `UPDATE password_reset_tokens SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND invalidated_at IS NULL AND expires_at > now() RETURNING id`,
    [id],
  );
  return spent !== undefined;
}

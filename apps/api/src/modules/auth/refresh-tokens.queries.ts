import type { Role } from '@school/contracts';
import { exec, one, type Sql } from '../../common/sql/db';

// Refresh tokens and token versions.

/** What an access token is issued from, with whether the account is suspended. */
export interface SubjectRow {
  id: string;
  id_slug: string;
  role: Role;
  token_version: number;
  is_suspended: boolean;
}

/**
 * Marks a live refresh token used (kept usable for `graceSeconds` after its first use); undefined
 * when it is unknown, revoked, expired or used longer ago.
 */
export function useRefreshToken(q: Sql, tokenHash: string, graceSeconds: number) {
  return one<{ user_id: string; family_id: string }>(
    q,
    `UPDATE refresh_tokens SET used_at = coalesce(used_at, now())
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        AND (used_at IS NULL OR used_at > now() - make_interval(secs => $2))
      RETURNING user_id, family_id`,
    [tokenHash, graceSeconds],
  );
}

/** The token subject, locked FOR SHARE: a suspension being written waits for the caller or is waited for. */
export function shareSubject(q: Sql, userId: string) {
  return one<SubjectRow>(q, `SELECT id, id_slug, role, token_version, is_suspended FROM users WHERE id = $1 FOR SHARE`, [userId]);
}

/** Revokes every live token of the family of the token with this hash. */
export async function revokeFamilyOf(q: Sql, tokenHash: string): Promise<void> {
  await exec(
    q,
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL
        AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [tokenHash],
  );
}

export function refreshTokenOwner(q: Sql, tokenHash: string) {
  return one<{ user_id: string }>(q, `SELECT user_id FROM refresh_tokens WHERE token_hash = $1`, [tokenHash]);
}

/** Bumps the account's token version; answers the new one (undefined when there is no account). */
export async function bumpTokenVersion(q: Sql, userId: string): Promise<number | undefined> {
  const row = await one<{ token_version: number }>(
    q,
    `UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version`,
    [userId],
  );
  return row?.token_version;
}

export async function revokeRefreshTokens(q: Sql, userId: string): Promise<void> {
  await exec(q, `UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
}

export async function insertRefreshToken(q: Sql, userId: string, familyId: string, tokenHash: string, ttlDays: number): Promise<void> {
  await exec(
    q,
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [userId, familyId, tokenHash, ttlDays],
  );
}

export function tokenState(q: Sql, userId: string) {
  return one<{ token_version: number; is_suspended: boolean }>(q, `SELECT token_version, is_suspended FROM users WHERE id = $1`, [userId]);
}

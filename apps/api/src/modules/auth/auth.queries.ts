import type { Role, User } from '@school/contracts';
import { LOCK_QUEUE_FOR_REGISTRATION_SQL } from '../../common/cohort-queue-lock';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';

const USER_COLUMNS = 'id, id_slug, first_name, last_name, email, role, token_version';

/** An account as the contracts' User, with what an access token is issued from. */
export interface UserRow extends User {
  id: string;
  token_version: number;
}

export type AccountRow = UserRow & { is_suspended: boolean };
export type PasswordRow = AccountRow & { password_hash: string };

/** Registration's share of the cohort queue lock (see cohort-queue-lock). */
export async function lockQueueForRegistration(q: Sql): Promise<void> {
  await exec(q, LOCK_QUEUE_FOR_REGISTRATION_SQL);
}

/**
 * Creates a STUDENT account; undefined when the email is taken. `verified`: the registration came
 * through a link mailed to the address (an invitation), which proves it.
 */
export function insertStudent(q: Sql, email: string, firstName: string, lastName: string, passwordHash: string, verified: boolean) {
  return one<UserRow>(
    q,
    `INSERT INTO users (email, first_name, last_name, role, password_hash, email_verified_at)
     VALUES ($1, $2, $3, 'STUDENT', $4, CASE WHEN $5::boolean THEN now() END)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [email, firstName, lastName, passwordHash, verified],
  );
}

/** The account proved it holds its email (a verification, reset or email-change link was used). */
export async function markEmailVerified(q: Sql, userId: string): Promise<void> {
  await exec(q, `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1`, [userId]);
}

/**
 * Turns the cohort queue entries of an email into enrolments of the new account, and marks their
 * invitations accepted.
 */
export async function enrolQueued(q: Sql, userId: string, email: string): Promise<void> {
  await exec(
    q,
    `WITH queued AS (DELETE FROM cohort_queue WHERE email = $2 RETURNING cohort_id),
     accepted AS (
       UPDATE cohort_invitations SET accepted_at = now(), accepted_user_id = $1
        WHERE email = $2 AND cohort_id IN (SELECT cohort_id FROM queued) AND accepted_at IS NULL)
     INSERT INTO enrolments (cohort_id, user_id) SELECT cohort_id, $1 FROM queued
     ON CONFLICT (cohort_id, user_id) DO NOTHING`,
    [userId, email],
  );
}

export interface InvitationRow {
  email: string;
  accepted: boolean;
  expired: boolean;
  queued: boolean;
}

/** The invitation a token's hash belongs to, locked until the registration ends (so it is used once). */
export function lockInvitation(q: Sql, hash: string) {
  return one<InvitationRow>(
    q,
    `SELECT i.email, i.accepted_at IS NOT NULL AS accepted, k.end_access_date <= now() AS expired,
            EXISTS (SELECT 1 FROM cohort_queue cq WHERE cq.cohort_id = i.cohort_id AND cq.email = i.email) AS queued
       FROM cohort_invitations i JOIN cohorts k ON k.id = i.cohort_id
      WHERE i.token_hash = $1
        FOR UPDATE OF i`,
    [hash],
  );
}

export function passwordAccountByEmail(q: Sql, email: string) {
  return one<PasswordRow>(q, `SELECT ${USER_COLUMNS}, password_hash, is_suspended FROM users WHERE email = $1`, [email]);
}

export function passwordAccountById(q: Sql, id: string) {
  return one<PasswordRow>(q, `SELECT ${USER_COLUMNS}, password_hash, is_suspended FROM users WHERE id = $1`, [id]);
}

export function accountById(q: Sql, id: string) {
  return one<AccountRow>(q, `SELECT ${USER_COLUMNS}, is_suspended FROM users WHERE id = $1`, [id]);
}

/** The account, locked: a suspension is either seen by the caller or waits for its transaction. */
export function lockAccount(q: Sql, id: string) {
  return one<AccountRow>(q, `SELECT ${USER_COLUMNS}, is_suspended FROM users WHERE id = $1 FOR UPDATE`, [id]);
}

/** Every admin account, locked in id order: two demotions at once cannot both see another admin left. */
export function lockAdmins(q: Sql) {
  return rows<{ id_slug: string }>(q, `SELECT id_slug FROM users WHERE role = 'ADMIN' ORDER BY id FOR UPDATE`);
}

export function setRole(q: Sql, idSlug: string, role: Role) {
  return one<UserRow>(q, `UPDATE users SET role = $2, modified_date = now() WHERE id_slug = $1 RETURNING ${USER_COLUMNS}`, [idSlug, role]);
}

export function setSuspended(q: Sql, idSlug: string, suspended: boolean) {
  return one<AccountRow>(
    q,
    `UPDATE users SET is_suspended = $2, modified_date = now() WHERE id_slug = $1 RETURNING ${USER_COLUMNS}, is_suspended`,
    [idSlug, suspended],
  );
}

export function updateProfile(q: Sql, id: string, firstName: string, lastName: string) {
  return one<UserRow>(
    q,
    `UPDATE users SET first_name = $2, last_name = $3, modified_date = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, firstName, lastName],
  );
}

export async function setPasswordHash(q: Sql, id: string, passwordHash: string): Promise<void> {
  await exec(q, `UPDATE users SET password_hash = $2, modified_date = now() WHERE id = $1`, [id, passwordHash]);
}

/**
 * Rejects with PostgreSQL's unique violation (23505) when the email is taken. The address is
 * proven by the link that asked for the change (confirmed from it, or restored from the old one).
 */
export function updateEmail(q: Sql, id: string, email: string) {
  return mustOne<UserRow>(
    q,
    `UPDATE users SET email = $2, email_verified_at = now(), modified_date = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, email],
  );
}

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

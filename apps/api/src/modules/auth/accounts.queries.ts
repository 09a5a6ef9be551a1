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

/**
 * Deletes an account; its enrolments, progress, hand-ins, grades and certificates go with it (the
 * schema's cascades). Answers its name and the storage keys of its hand-in and logbook files, whose rows go too.
 */
export function deleteAccount(q: Sql, idSlug: string) {
  return one<{ id: string; first_name: string; last_name: string; storage_keys: string[] }>(
    q,
    `WITH target AS (SELECT id FROM users WHERE id_slug = $1),
     files AS (
       DELETE FROM stored_files f USING target
        WHERE f.uploaded_by = target.id AND f.purpose IN ('project-submission', 'logbook-file')
       RETURNING f.storage_key
     ),
     gone AS (DELETE FROM users u USING target WHERE u.id = target.id RETURNING u.id, u.first_name, u.last_name)
     SELECT gone.id, gone.first_name, gone.last_name, coalesce((SELECT array_agg(storage_key) FROM files), '{}') AS storage_keys FROM gone`,
    [idSlug],
  );
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

import type { CohortInvitationsQuery, CohortInvitationsResponse } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso, pageOffset } from '../../common/sql/list';

/** One send of an invitation: the job mails it unless a newer send replaced it. */
export interface InvitationSend {
  id: string;
  send: number;
}

/**
 * Gives each send its token's hash as the send is created (in the same transaction), so the link
 * works from the first try and every try mails the same one. One statement for any number.
 */
export async function setSendTokenHashes(q: Sql, sends: (InvitationSend & { hash: string })[]): Promise<void> {
  await exec(
    q,
    `UPDATE cohort_invitations i SET token_hash = s.hash
       FROM unnest($1::bigint[], $2::int[], $3::text[]) AS s (id, send, hash)
      WHERE i.id = s.id AND i.sends = s.send`,
    [sends.map((s) => s.id), sends.map((s) => s.send), sends.map((s) => s.hash)],
  );
}

/** Where an invitation stands, from its timestamps (aliases `i` invitation, `k` cohort). */
const STATUS = `CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted'
  WHEN k.end_access_date <= now() THEN 'expired'
  WHEN i.id IS NULL THEN 'not_sent'
  WHEN i.failed_at IS NOT NULL THEN 'failed'
  WHEN i.opened_at IS NOT NULL THEN 'opened'
  WHEN i.sent_at IS NOT NULL THEN 'sent'
  ELSE 'queued' END`;

/**
 * The cohort's invitations in one statement: every queued person (with their invitation, if any)
 * in the order they were queued, then those who accepted, in the order they did. Undefined when the cohort
 * does not exist.
 */
export function cohortInvitations(q: Sql, cohortIdSlug: string, query: CohortInvitationsQuery) {
  return one<CohortInvitationsResponse>(
    q,
    `WITH k AS (SELECT id, end_access_date FROM cohorts WHERE id_slug = $1),
     entries AS (
       SELECT q.email, q.first_name, q.last_name, i.id AS invitation_id, 0 AS rank, q.created_date AS at, q.id AS ord
         FROM cohort_queue q JOIN k ON q.cohort_id = k.id
         LEFT JOIN cohort_invitations i ON i.cohort_id = q.cohort_id AND i.email = q.email
       UNION ALL
       SELECT i.email, COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), i.id, 1, i.accepted_at, i.id
         FROM cohort_invitations i JOIN k ON i.cohort_id = k.id LEFT JOIN users u ON u.id = i.accepted_user_id
        WHERE i.accepted_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM cohort_queue q WHERE q.cohort_id = i.cohort_id AND q.email = i.email)
     ),
     p AS (SELECT * FROM entries ORDER BY rank, at, ord LIMIT $2 OFFSET $3)
     SELECT (SELECT count(*)::int FROM entries) AS count,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'email', p.email, 'first_name', p.first_name, 'last_name', p.last_name, 'status', ${STATUS},
                       'sent_at', ${iso('i.sent_at')}, 'opened_at', ${iso('i.opened_at')},
                       'accepted_at', ${iso('i.accepted_at')}, 'failed_at', ${iso('i.failed_at')},
                       'expires_at', ${iso('k.end_access_date')}) ORDER BY p.rank, p.at, p.ord)
                FROM p LEFT JOIN cohort_invitations i ON i.id = p.invitation_id), '[]'::json) AS results
       FROM k`,
    [cohortIdSlug, query.page_size, pageOffset(query)],
  );
}

/** The cohort (locked against deletion until the transaction ends), and whether its access has ended. */
export function shareCohortForInvitations(q: Sql, cohortIdSlug: string) {
  return one<{ id: string; ended: boolean }>(q, `SELECT id, end_access_date <= now() AS ended FROM cohorts WHERE id_slug = $1 FOR SHARE`, [
    cohortIdSlug,
  ]);
}

/**
 * A new send of the invitations of these queued emails of the cohort ($2 null: every queued email):
 * created where missing, otherwise reset (the earlier link stops working). Answers each send.
 */
export function newInvitationSends(q: Sql, cohortId: string, email: string | null) {
  return rows<InvitationSend>(
    q,
    `INSERT INTO cohort_invitations (cohort_id, email)
     SELECT cohort_id, email FROM cohort_queue WHERE cohort_id = $1 AND ($2::text IS NULL OR email = $2)
     ON CONFLICT (cohort_id, email) DO UPDATE
        SET sends = cohort_invitations.sends + 1, token_hash = NULL, sent_at = NULL, opened_at = NULL, failed_at = NULL, failure = NULL
      WHERE cohort_invitations.accepted_at IS NULL
     RETURNING id::text, sends AS send`,
    [cohortId, email],
  );
}

/** Takes an email out of the cohort's queue with its invitation; answers whether it was queued. */
export async function withdrawQueued(q: Sql, cohortId: string, email: string): Promise<boolean> {
  const removed = await rows(q, `DELETE FROM cohort_queue WHERE cohort_id = $1 AND email = $2 RETURNING id`, [cohortId, email]);
  await exec(q, `DELETE FROM cohort_invitations WHERE cohort_id = $1 AND email = $2 AND accepted_at IS NULL`, [cohortId, email]);
  return removed.length > 0;
}

/**
 * Takes an email out of a cohort's queue ($1 the cohort's id_slug) with its unaccepted invitation,
 * in one statement: the seat they held is no longer theirs.
 */
export async function withdrawQueuedBySlug(q: Sql, cohortIdSlug: string, email: string): Promise<void> {
  await exec(
    q,
    `WITH k AS (SELECT id FROM cohorts WHERE id_slug = $1),
     queued AS (DELETE FROM cohort_queue WHERE cohort_id = (SELECT id FROM k) AND email = $2 RETURNING id)
     DELETE FROM cohort_invitations WHERE cohort_id = (SELECT id FROM k) AND email = $2 AND accepted_at IS NULL`,
    [cohortIdSlug, email],
  );
}

export interface InvitationMailRow {
  email: string;
  first_name: string;
  cohort_id_slug: string;
  cohort_title: string;
  start_date: Date;
  end_date: Date;
  end_access_date: Date;
}

/**
 * Gives this send of the invitation its token (its hash; the same one the send was created with,
 * or a new one for a job queued before tokens were drawn at creation): only while it is the current send,
 * not accepted, still queued and the cohort open. Answers what the message needs, or undefined.
 */
export function armInvitation(q: Sql, send: InvitationSend, hash: string) {
  return one<InvitationMailRow>(
    q,
    `UPDATE cohort_invitations i SET token_hash = $3
       FROM cohorts k, cohort_queue cq
      WHERE i.id = $1 AND i.sends = $2 AND i.accepted_at IS NULL
        AND k.id = i.cohort_id AND k.end_access_date > now()
        AND cq.cohort_id = i.cohort_id AND cq.email = i.email
     RETURNING i.email, cq.first_name, k.id_slug AS cohort_id_slug, k.title AS cohort_title, k.start_date, k.end_date, k.end_access_date`,
    [send.id, send.send, hash],
  );
}

/** The mail job delivered this send. */
export async function markInvitationSent(q: Sql, send: InvitationSend): Promise<void> {
  await exec(q, `UPDATE cohort_invitations SET sent_at = now(), failed_at = NULL, failure = NULL WHERE id = $1 AND sends = $2`, [
    send.id,
    send.send,
  ]);
}

/** The mail job gave up on this send. */
export async function markInvitationFailed(q: Sql, send: InvitationSend, failure: string): Promise<void> {
  await exec(q, `UPDATE cohort_invitations SET failed_at = now(), failure = $3 WHERE id = $1 AND sends = $2`, [
    send.id,
    send.send,
    failure.slice(0, 500),
  ]);
}

export interface InvitationLinkRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  cohort_id_slug: string;
  cohort_title: string;
  start_date: string;
  end_date: string;
  accepted: boolean;
  expired: boolean;
  queued: boolean;
}

/** The invitation a token's hash belongs to, with its cohort and queue entry. */
export function invitationByHash(q: Sql, hash: string) {
  return one<InvitationLinkRow>(
    q,
    `SELECT i.id::text, i.email, COALESCE(cq.first_name, '') AS first_name, COALESCE(cq.last_name, '') AS last_name,
            k.id_slug AS cohort_id_slug, k.title AS cohort_title, ${iso('k.start_date')} AS start_date, ${iso('k.end_date')} AS end_date,
            i.accepted_at IS NOT NULL AS accepted, k.end_access_date <= now() AS expired, cq.id IS NOT NULL AS queued
       FROM cohort_invitations i JOIN cohorts k ON k.id = i.cohort_id
       LEFT JOIN cohort_queue cq ON cq.cohort_id = i.cohort_id AND cq.email = i.email
      WHERE i.token_hash = $1`,
    [hash],
  );
}

/** The link was looked up: opened (the first time counts). */
export async function markInvitationOpened(q: Sql, id: string): Promise<void> {
  await exec(q, `UPDATE cohort_invitations SET opened_at = COALESCE(opened_at, now()) WHERE id = $1`, [id]);
}

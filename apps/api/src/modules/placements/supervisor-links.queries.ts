import { exec, mustOne, one, type Sql } from '../../common/sql/db';

/** A supervisor's signed link: what it opens and whether it still works. */
export interface SupervisorLinkRow {
  id: string;
  placement_id: string;
  purpose: 'WEEK' | 'REVIEW';
  subject_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const COLUMNS = `l.id::text, l.placement_id::text, l.purpose, l.subject_id::text, l.expires_at, l.used_at, l.revoked_at, l.created_at`;

export const insertLink = (q: Sql, hash: string, placementId: string, purpose: string, subjectId: string, expiresAt: Date, now: Date) =>
  mustOne<{ id: string }>(
    q,
    `INSERT INTO supervisor_links (token_hash, placement_id, purpose, subject_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
    [hash, placementId, purpose, subjectId, expiresAt, now],
  );

/** The link of a token's hash and purpose; locked when asked (an approval and a return of one link run one after the other). */
export const linkByHash = (q: Sql, hash: string, purpose: string, lock: boolean) =>
  one<SupervisorLinkRow>(
    q,
    `SELECT ${COLUMNS} FROM supervisor_links l WHERE l.token_hash = $1 AND l.purpose = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [hash, purpose],
  );

export const recordView = (q: Sql, linkId: string, ip: string) =>
  exec(q, `INSERT INTO supervisor_link_views (link_id, ip) VALUES ($1, $2)`, [linkId, ip]);

export const markUsed = (q: Sql, linkId: string, now: Date) =>
  exec(q, `UPDATE supervisor_links SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, [linkId, now]);

/** Revokes every link of a subject that still works; answers how many. */
export const revokeLive = async (q: Sql, purpose: string, subjectId: string, now: Date) =>
  (
    await mustOne<{ n: number }>(
      q,
      `WITH r AS (UPDATE supervisor_links SET revoked_at = $3
                   WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL AND revoked_at IS NULL RETURNING 1)
       SELECT count(*)::int AS n FROM r`,
      [purpose, subjectId, now],
    )
  ).n;

/** Spends every live link of a subject (a decision taken, or the subject moved on). */
export const spendLive = (q: Sql, purpose: string, subjectId: string, now: Date) =>
  exec(q, `UPDATE supervisor_links SET used_at = $3 WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL AND revoked_at IS NULL`, [
    purpose,
    subjectId,
    now,
  ]);

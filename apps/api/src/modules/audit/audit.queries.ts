import type { AuditEntry } from '@school/contracts';
import { mustOne, type Sql } from '../../common/sql/db';

export interface AuditFilter {
  page: number;
  page_size: number;
  action?: string;
  subject_type?: string;
  subject_id?: string;
  /** A person's id_slug: entries whose subject is that account. */
  subject_user?: string;
}

/**
 * One page of the audit log, newest first, with its total: one statement, paged in SQL on the
 * (at, id) indexes. The actor's and (for a person) the subject's names are joined in; an account
 * deleted since shows no name.
 */
export async function auditLogPage(q: Sql, f: AuditFilter): Promise<{ data: AuditEntry[]; count: number }> {
  const where = `($1::text IS NULL OR a.action = $1) AND ($2::text IS NULL OR a.subject_type = $2) AND ($3::text IS NULL OR a.subject_id = $3)
    AND ($6::text IS NULL OR (a.subject_type = 'user' AND a.subject_id = (SELECT id::text FROM users WHERE id_slug = $6)))`;
  return mustOne<{ data: AuditEntry[]; count: number }>(
    q,
    `SELECT (SELECT count(*)::int FROM audit_log a WHERE ${where}) AS count,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'id', p.id::text, 'at', p.at, 'action', p.action, 'subject_type', p.subject_type,
                       'subject_id', p.subject_id, 'detail', p.detail,
                       'subject_name', CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END,
                       'actor_id_slug', u.id_slug,
                       'actor_name', CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END
                     ) ORDER BY p.at DESC, p.id DESC)
                FROM (SELECT a.* FROM audit_log a WHERE ${where} ORDER BY a.at DESC, a.id DESC LIMIT $4 OFFSET $5) p
                LEFT JOIN users u ON u.id = p.actor_id
                LEFT JOIN users s ON p.subject_type = 'user' AND s.id::text = p.subject_id
            ), '[]'::json) AS data`,
    [f.action ?? null, f.subject_type ?? null, f.subject_id ?? null, f.page_size, (f.page - 1) * f.page_size, f.subject_user ?? null],
  );
}

import { exec, type Sql } from '../../common/sql/db';

export interface AuditEvent {
  /** The acting user's id (users.id). */
  actor: string;
  /** What was done, e.g. `payment_details.viewed` (contracts' AUDIT_ACTIONS). */
  action: string;
  /** What it was done to, e.g. `user`, and its id (users.id for a person). */
  subject_type: string;
  subject_id: string | null;
  /** Anything else worth keeping; never the personal values read or written. */
  detail?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log: one INSERT, run on `q`, so inside a transaction it is kept or
 * rolled back with the change it records.
 */
export async function recordAudit(q: Sql, e: AuditEvent): Promise<void> {
  await exec(q, `INSERT INTO audit_log (actor_id, action, subject_type, subject_id, detail) VALUES ($1::bigint, $2, $3, $4, $5::jsonb)`, [
    e.actor,
    e.action,
    e.subject_type,
    e.subject_id,
    JSON.stringify(e.detail ?? {}),
  ]);
}

import { one, rows, type Sql } from '../../common/sql/db';

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A register row as read for the Sessions tab (the service signs the file links). */
export interface RegisterRecord {
  id_slug: string;
  month: string;
  state: 'QUEUED' | 'READY' | 'FAILED';
  final: boolean;
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
  error: string | null;
  csv_slug: string | null;
  pdf_slug: string | null;
}

const RECORD = `r.id_slug, to_char(r.month, 'YYYY-MM') AS month, r.state, r.final,
  COALESCE(trim(u.first_name || ' ' || u.last_name), '') AS requested_by, ${ISO('r.requested_at')} AS requested_at,
  ${ISO('r.finished_at')} AS finished_at, r.error, cf.id_slug AS csv_slug, pf.id_slug AS pdf_slug`;
const FROM = `attendance_registers r LEFT JOIN users u ON u.id = r.requested_by
  LEFT JOIN stored_files cf ON cf.id = r.csv_file_id LEFT JOIN stored_files pf ON pf.id = r.pdf_file_id`;

/** Records a register request; answers its internal id and the row. */
export async function insertRegister(q: Sql, cohortId: string, monthStart: string, by: string) {
  const { id } = (await one<{ id: string }>(
    q,
    `INSERT INTO attendance_registers (cohort_id, month, requested_by) VALUES ($1, $2, $3) RETURNING id`,
    [cohortId, monthStart, by],
  ))!;
  return { id, record: (await one<RegisterRecord>(q, `SELECT ${RECORD} FROM ${FROM} WHERE r.id = $1`, [id]))! };
}

/** The cohort's registers, newest first (the latest 100). */
export async function cohortRegisters(q: Sql, cohortId: string) {
  return rows<RegisterRecord>(q, `SELECT ${RECORD} FROM ${FROM} WHERE r.cohort_id = $1 ORDER BY r.id DESC LIMIT 100`, [cohortId]);
}

/** What the job needs of a register. */
export async function registerJob(q: Sql, id: string) {
  return one<{ cohort_id: string; month: string; state: string; prepared_by: string }>(
    q,
    `SELECT r.cohort_id, to_char(r.month, 'YYYY-MM-DD') AS month, r.state,
            COALESCE(trim(u.first_name || ' ' || u.last_name), '') AS prepared_by
       FROM attendance_registers r LEFT JOIN users u ON u.id = r.requested_by WHERE r.id = $1`,
    [id],
  );
}

/** Marks a register ready with its two files (stored_files id_slugs). */
export async function finishRegister(q: Sql, id: string, final: boolean, csvSlug: string, pdfSlug: string) {
  await one(
    q,
    `UPDATE attendance_registers SET state = 'READY', final = $2, finished_at = now(), error = NULL,
            csv_file_id = (SELECT id FROM stored_files WHERE id_slug = $3), pdf_file_id = (SELECT id FROM stored_files WHERE id_slug = $4)
      WHERE id = $1 RETURNING id`,
    [id, final, csvSlug, pdfSlug],
  );
}

/** Marks a register failed (a later try of its job may still make it ready). */
export async function failRegister(q: Sql, id: string, error: string) {
  await one(
    q,
    `UPDATE attendance_registers SET state = 'FAILED', finished_at = now(), error = $2 WHERE id = $1 AND state <> 'READY' RETURNING id`,
    [id, error.slice(0, 500)],
  );
}

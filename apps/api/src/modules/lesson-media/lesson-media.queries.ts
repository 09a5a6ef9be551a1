import type { LessonMediaKind } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';

export interface UploadRow {
  id: string;
  id_slug: string;
  kind: LessonMediaKind;
  original_name: string;
  size_bytes: number;
  received_bytes: number;
  chunk_size: number;
  storage_key: string;
  backend: 'disk' | 's3';
  multipart_upload_id: string | null;
  part_etags: string[];
  uploaded_by: string | null;
  file_id_slug: string | null;
  duration_seconds: number | null;
}

const UPLOAD_COLUMNS = `u.id, u.id_slug, u.kind, u.original_name, u.size_bytes::float8 AS size_bytes,
  u.received_bytes::float8 AS received_bytes, u.chunk_size, u.storage_key, u.backend, u.multipart_upload_id, u.part_etags,
  u.uploaded_by, u.file_id_slug, f.duration_seconds`;

export function insertUpload(
  q: Sql,
  row: Pick<
    UploadRow,
    'kind' | 'original_name' | 'size_bytes' | 'chunk_size' | 'storage_key' | 'backend' | 'multipart_upload_id' | 'uploaded_by'
  >,
) {
  return mustOne<UploadRow>(
    q,
    `WITH u AS (
       INSERT INTO lesson_media_uploads (kind, original_name, size_bytes, chunk_size, storage_key, backend, multipart_upload_id, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *)
     SELECT ${UPLOAD_COLUMNS} FROM u LEFT JOIN stored_files f ON false`,
    [row.kind, row.original_name, row.size_bytes, row.chunk_size, row.storage_key, row.backend, row.multipart_upload_id, row.uploaded_by],
  );
}

export function findUpload(q: Sql, idSlug: string) {
  return one<UploadRow>(
    q,
    `SELECT ${UPLOAD_COLUMNS} FROM lesson_media_uploads u LEFT JOIN stored_files f ON f.id_slug = u.file_id_slug WHERE u.id_slug = $1`,
    [idSlug],
  );
}

/**
 * Claims the chunk at `offset` for one request before it writes a byte: only while the upload
 * stands there, is unfinished, and no other request holds a claim younger than `leaseSeconds`
 * (a writer that died lets its claim lapse). Answers whether this request has it.
 */
export async function claimChunk(q: Sql, id: string, offset: number, token: string, leaseSeconds: number): Promise<boolean> {
  const row = await one<{ id: string }>(
    q,
    `UPDATE lesson_media_uploads SET chunk_claim = $3, chunk_claimed_at = now()
      WHERE id = $1 AND received_bytes = $2 AND file_id_slug IS NULL
        AND (chunk_claim IS NULL OR chunk_claimed_at < now() - make_interval(secs => $4)) RETURNING id`,
    [id, offset, token, leaseSeconds],
  );
  return row !== undefined;
}

/** Keeps a claim alive while its chunk is still arriving. */
export async function renewClaim(q: Sql, id: string, token: string): Promise<void> {
  await exec(q, `UPDATE lesson_media_uploads SET chunk_claimed_at = now() WHERE id = $1 AND chunk_claim = $2`, [id, token]);
}

/** Gives a claim back (its chunk was cut off or refused), so the chunk can be sent again at once. */
export async function releaseClaim(q: Sql, id: string, token: string): Promise<void> {
  await exec(q, `UPDATE lesson_media_uploads SET chunk_claim = NULL, chunk_claimed_at = NULL WHERE id = $1 AND chunk_claim = $2`, [
    id,
    token,
  ]);
}

/**
 * Records the claimed chunk as received and gives the claim back, only when this request still
 * holds it at its offset; answers whether this request moved the upload on.
 */
export async function advanceUpload(
  q: Sql,
  id: string,
  offset: number,
  received: number,
  partIndex: number,
  etag: string,
  token: string,
): Promise<boolean> {
  const row = await one<{ id: string }>(
    q,
    `UPDATE lesson_media_uploads SET received_bytes = $3, part_etags[$4] = $5, chunk_claim = NULL, chunk_claimed_at = NULL, updated_at = now()
      WHERE id = $1 AND received_bytes = $2 AND file_id_slug IS NULL AND chunk_claim = $6 RETURNING id`,
    [id, offset, received, partIndex + 1, etag, token],
  );
  return row !== undefined;
}

/** Locks an unfinished upload for the transaction recording its file; false when it already has one. */
export async function lockUnfinished(q: Sql, id: string): Promise<boolean> {
  const row = await one<{ id: string }>(q, `SELECT id FROM lesson_media_uploads WHERE id = $1 AND file_id_slug IS NULL FOR UPDATE`, [id]);
  return row !== undefined;
}

export async function finishUpload(q: Sql, id: string, fileIdSlug: string): Promise<void> {
  await exec(q, `UPDATE lesson_media_uploads SET file_id_slug = $2, updated_at = now() WHERE id = $1`, [id, fileIdSlug]);
}

export async function deleteUpload(q: Sql, id: string): Promise<void> {
  await exec(q, `DELETE FROM lesson_media_uploads WHERE id = $1`, [id]);
}

/** Takes the sweep's advisory lock for this transaction; false when another process holds it. */
export async function tryLock(q: Sql, name: string): Promise<boolean> {
  return (await mustOne<{ locked: boolean }>(q, `SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [name])).locked;
}

export type StaleUpload = Pick<UploadRow, 'id' | 'storage_key' | 'backend' | 'multipart_upload_id'>;

/** Unfinished uploads no chunk has reached for `age`, locked until the sweep's transaction ends. */
export function staleUploads(q: Sql, age: string) {
  return rows<StaleUpload>(
    q,
    `SELECT id, storage_key, backend, multipart_upload_id FROM lesson_media_uploads
      WHERE file_id_slug IS NULL AND updated_at < now() - $1::interval
      ORDER BY id FOR UPDATE SKIP LOCKED`,
    [age],
  );
}

export async function deleteUploads(q: Sql, ids: string[]): Promise<void> {
  await exec(q, `DELETE FROM lesson_media_uploads WHERE id = ANY($1::bigint[])`, [ids]);
}

/**
 * Deletes the files finished uploads made that no lesson uses (video, captions or reading) once
 * they are `age` old, with their upload rows; answers where their bytes are.
 */
export function deleteUnusedMedia(q: Sql, age: string) {
  return rows<{ storage_key: string; backend: 'disk' | 's3' }>(
    q,
    `WITH gone AS (
       DELETE FROM stored_files f
        WHERE f.created_date < now() - $1::interval
          AND EXISTS (SELECT 1 FROM lesson_media_uploads u WHERE u.file_id_slug = f.id_slug)
          AND NOT EXISTS (SELECT 1 FROM lessons l WHERE l.video_lecture_id_slug = f.id_slug)
          AND NOT EXISTS (SELECT 1 FROM lessons l WHERE l.video_captions_id_slug = f.id_slug)
          AND NOT EXISTS (SELECT 1 FROM lessons l WHERE l.reading_pdf_id_slugs @> ARRAY[f.id_slug])
       RETURNING f.id_slug, f.storage_key, f.backend),
     uploads AS (DELETE FROM lesson_media_uploads u USING gone WHERE u.file_id_slug = gone.id_slug)
     SELECT storage_key, backend FROM gone`,
    [age],
  );
}

import type { DataSource } from 'typeorm';
import { mustOne, rows as rowsOf } from '../../common/sql/db';
import type { StorageAdapter } from './storage-adapter';

export interface MigrateResult {
  copied: number;
  /** Records whose file is not on disk; they stay on disk and are listed. */
  missing: string[];
  /** Records still on disk after this run (a --limit run leaves some). */
  remaining: number;
}

/**
 * Copies the files of records still on disk to the bucket, switching each record once its copy
 * is in place, one file at a time in id order. A run that stops part-way leaves every record
 * either on disk (its file there) or in the bucket (its copy there), so running it again resumes;
 * a file copied whose record was not switched yet is copied again over the same key.
 */
export async function migrateToS3(
  ds: DataSource,
  disk: StorageAdapter,
  s3: StorageAdapter,
  opts: { limit?: number; onCopied?: (idSlug: string, done: number) => void } = {},
): Promise<MigrateResult> {
  const missing: string[] = [];
  let copied = 0;
  let after = 0;
  while (opts.limit === undefined || copied < opts.limit) {
    const rows = await rowsOf<{ id: string; id_slug: string; storage_key: string; content_type: string }>(
      ds,
      `SELECT id, id_slug, storage_key, content_type FROM stored_files WHERE backend = 'disk' AND id > $1 ORDER BY id LIMIT 100`,
      [after],
    );
    if (!rows.length) break;
    for (const row of rows) {
      if (opts.limit !== undefined && copied >= opts.limit) break;
      after = Number(row.id);
      const data = await disk.read(row.storage_key);
      if (!data) {
        missing.push(row.id_slug);
        continue;
      }
      await s3.put(row.storage_key, data, { contentType: row.content_type });
      const switched = await rowsOf(ds, `UPDATE stored_files SET backend = 's3' WHERE id = $1 AND backend = 'disk' RETURNING id`, [row.id]);
      // Deleted meanwhile (an upload swept, a lesson file replaced): its copy must not linger.
      if (!switched.length) {
        await s3.remove(row.storage_key);
        continue;
      }
      copied += 1;
      opts.onCopied?.(row.id_slug, copied);
    }
  }
  const { count } = await mustOne<{ count: number }>(ds, `SELECT count(*)::int AS count FROM stored_files WHERE backend = 'disk'`);
  return { copied, missing, remaining: count };
}

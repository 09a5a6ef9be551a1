import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StorageService } from '../storage/storage.service';
import { APPLICATION_FILE_PURPOSE } from './applications.service';

/** How long an upload may wait for the application that refers to it. */
export const ORPHAN_UPLOAD_AGE = '24 hours';
const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_SWEEP_AFTER_MS = 60_000;
/** The advisory lock that lets one API process at a time sweep. */
const SWEEP_LOCK = 'stored_files:orphan-upload-sweep';

/**
 * Removes application uploads that no application refers to once they are a day old (a visitor
 * who uploaded a résumé and never sent the form). Every API process runs the sweep hourly; a
 * PostgreSQL advisory lock lets one of them at a time do it. The row goes first, in its own
 * transaction, then the file: a crash in between leaves bytes nobody can reach, never a row
 * pointing at nothing.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  onApplicationBootstrap() {
    const run = () =>
      void this.sweep().catch((e: unknown) => Logger.warn(`Sweeping unused uploads failed: ${(e as Error).message}`, 'Uploads'));
    this.timers = [setTimeout(run, FIRST_SWEEP_AFTER_MS), setInterval(run, SWEEP_EVERY_MS)];
    for (const t of this.timers) t.unref();
  }

  onApplicationShutdown() {
    for (const t of this.timers) clearTimeout(t);
  }

  /** One sweep; answers how many uploads it removed (0 when another process holds the lock). */
  async sweep(): Promise<number> {
    const keys: string[] = await this.ds.transaction(async (m) => {
      const [{ locked }] = await m.query(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [SWEEP_LOCK]);
      if (!locked) return [];
      const rows: { storage_key: string }[] = await m.query(
        `WITH gone AS (DELETE FROM stored_files f
          WHERE f.purpose = $1 AND f.created_date < now() - $2::interval
            AND NOT EXISTS (SELECT 1 FROM programme_applications a WHERE a.resume_file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM programme_applications a WHERE a.transcript_file_id = f.id)
          RETURNING f.storage_key)
         SELECT storage_key FROM gone`,
        [APPLICATION_FILE_PURPOSE, ORPHAN_UPLOAD_AGE],
      );
      return rows.map((r) => r.storage_key);
    });
    await this.storage.removeFiles(keys);
    if (keys.length) Logger.log(`Removed ${keys.length} upload(s) no application refers to`, 'Uploads');
    return keys.length;
  }
}

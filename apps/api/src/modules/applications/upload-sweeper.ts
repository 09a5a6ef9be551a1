import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobsService } from '../../platform/jobs/jobs.service';
import { StorageService } from '../../platform/storage/storage.service';
import { deleteOrphanUploads, tryLock } from './applications.queries';
import { APPLICATION_FILE_PURPOSE } from './applications.service';

/** How long an upload may wait for the application that refers to it. */
export const ORPHAN_UPLOAD_AGE = '24 hours';
/** The recurring job that sweeps: hourly, at 17 minutes past. */
export const SWEEP_UPLOADS_JOB = 'sweep-orphan-uploads';
const SWEEP_CRON = '17 * * * *';
/** The advisory lock that lets one sweep at a time run, whoever started it. */
const SWEEP_LOCK = 'stored_files:orphan-upload-sweep';

/**
 * Removes application uploads that no application refers to once they are a day old (a visitor
 * who uploaded a résumé and never sent the form). Every API process runs the sweep hourly; a
 * PostgreSQL advisory lock lets one of them at a time do it. The row goes first, in its own
 * transaction, then the file: a crash in between leaves bytes nobody can reach, never a row
 * pointing at nothing.
 */
@Injectable()
export class UploadSweeper {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(JobsService) jobs: JobsService,
  ) {
    // A failed sweep is retried a little later; the next hour's sweep catches up anyway.
    jobs.define({ name: SWEEP_UPLOADS_JOB, cron: SWEEP_CRON, queue: { retryLimit: 2, retryDelay: 300 }, handler: () => this.sweep() });
  }

  /** One sweep; answers how many uploads it removed (0 when another process holds the lock). */
  async sweep(): Promise<number> {
    const keys: string[] = await this.ds.transaction(async (m) => {
      if (!(await tryLock(m, SWEEP_LOCK))) return [];
      return deleteOrphanUploads(m, APPLICATION_FILE_PURPOSE, ORPHAN_UPLOAD_AGE);
    });
    await this.storage.removeFiles(keys);
    if (keys.length) Logger.log(`Removed ${keys.length} upload(s) no application refers to`, 'Uploads');
    return keys.length;
  }
}

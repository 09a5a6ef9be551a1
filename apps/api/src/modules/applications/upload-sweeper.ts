import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StorageService } from '../../platform/storage/storage.service';
import { UploadSweeps } from '../../platform/storage/upload-sweeps';
import { deleteOrphanUploads, tryLock } from './applications.queries';
import { APPLICATION_FILE_PURPOSE } from './applications.service';

/** How long an upload may wait for the application that refers to it. */
export const ORPHAN_UPLOAD_AGE = '24 hours';
/** The recurring job whose work this sweep is part of. */
export { SWEEP_UPLOADS_JOB } from '../../platform/storage/upload-sweeps';
/** The advisory lock that lets one sweep at a time run, whoever started it. */
const SWEEP_LOCK = 'stored_files:orphan-upload-sweep';

/**
 * Removes application uploads that no application refers to once they are a day old (a visitor
 * who uploaded a résumé and never sent the form), as part of the hourly `sweep-orphan-uploads`
 * job; a PostgreSQL advisory lock lets one API process at a time do it. The row goes first, in
 * its own transaction, then the file: a crash in between leaves bytes nobody can reach, never a
 * row pointing at nothing.
 */
@Injectable()
export class UploadSweeper {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(UploadSweeps) sweeps: UploadSweeps,
  ) {
    sweeps.register('application', () => this.sweep());
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

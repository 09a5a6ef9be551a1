import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { StorageService } from './storage.service';
import { UploadSweeps } from './upload-sweeps';

/** An upload still in the incoming folder after this long was left by a process that stopped mid-request. */
export const INCOMING_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Each request deletes the file it received once kept or refused; a process killed mid-request
 * leaves its file behind, which the hourly upload sweep removes a day later.
 */
@Injectable()
export class IncomingSweep {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(UploadSweeps) sweeps: UploadSweeps,
  ) {
    sweeps.register('incoming uploads', () => this.sweep());
  }

  async sweep(now = Date.now()): Promise<number> {
    const dir = this.storage.incomingDirectory;
    const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [] as string[];
      throw e;
    });
    let removed = 0;
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs > INCOMING_MAX_AGE_MS) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }
}

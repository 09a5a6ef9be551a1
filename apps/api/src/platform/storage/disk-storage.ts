import { constants } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { access, mkdir, open, rm, statfs, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { CheckDown } from '../health/readiness';
import type { ByteRange, FilePart, StorageAdapter } from './storage-adapter';

/** Below this much free space the disk counts as full: no upload chunk would fit. */
const MIN_FREE_BYTES = 1024 * 1024;

/** Files on the local disk, in one folder (DATA_DIR/uploads), readable by the owner only. */
export class DiskStorage implements StorageAdapter {
  readonly backend = 'disk' as const;

  constructor(readonly directory: string) {}

  pathOf(key: string): string {
    return join(this.directory, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(this.pathOf(key), data, { mode: 0o600 });
  }

  async read(key: string, range?: ByteRange): Promise<Buffer | null> {
    const handle = await open(this.pathOf(key), 'r').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (!handle) return null;
    try {
      if (!range) return await handle.readFile();
      const { size } = await handle.stat();
      const end = Math.min(range.end, size - 1);
      const buffer = Buffer.alloc(Math.max(0, end - range.start + 1));
      if (buffer.length) await handle.read(buffer, 0, buffer.length, range.start);
      return buffer;
    } finally {
      await handle.close();
    }
  }

  async startParts(key: string): Promise<null> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(this.pathOf(key), Buffer.alloc(0), { mode: 0o600 });
    return null;
  }

  /** Streams the part into the file at its offset; a part cut off before is written over. */
  async writePart(key: string, _uploadId: string | null, part: FilePart): Promise<null> {
    await pipeline(part.body, createWriteStream(this.pathOf(key), { flags: 'r+', start: part.offset }));
    return null;
  }

  async finishParts(): Promise<void> {}

  async abortParts(key: string): Promise<void> {
    await this.remove(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Writable, with room for a file: a full disk is reported as such (readiness: storage down, full). */
  async ping(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await access(this.directory, constants.W_OK);
    const fs = await statfs(this.directory);
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES) throw new CheckDown('full');
  }
}

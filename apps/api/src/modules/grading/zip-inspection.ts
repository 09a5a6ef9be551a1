import { posix } from 'node:path';
import type { ZipEntry } from '@school/contracts';
import yauzl from 'yauzl';

/** What an archive may hold: entry count, declared size and compression ratio. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of an entry (and of the whole), past the small-file allowance. */
  maxRatio: number;
  /** Entries (and archives) smaller than this may compress better than maxRatio (text, zeros). */
  ratioAllowanceBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalUncompressedBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  ratioAllowanceBytes: 1024 * 1024,
};

/** Why an archive is refused; `message` is shown to the student. */
export class ZipRejected extends Error {}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A file name inside an archive that could land outside the folder it is unpacked into. */
export function unsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.includes('\0')) return true;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) return true;
  return slashed.split('/').some((part) => part === '..');
}

function openZip(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

/**
 * Reads a zip's central directory, never unpacking it, and answers its files (directories left
 * out) with their declared sizes. Refuses what is not a zip, a damaged one, one with more
 * entries than allowed, a name that climbs out of its folder (`../`, absolute, a drive), and a
 * bomb by its declared sizes (the total, or the compression ratio of an entry or of the whole).
 */
export async function inspectZip(data: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntry[]> {
  if (data.length < 22 || !data.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new ZipRejected('This file is not a zip archive.');
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(data);
  } catch {
    throw new ZipRejected('This zip archive is damaged and cannot be read.');
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipRejected(`This zip archive holds more than ${limits.maxEntries} files.`);
  }
  const files: ZipEntry[] = [];
  let total = 0;
  let compressed = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (message: string) => {
      zip.close();
      reject(new ZipRejected(message));
    };
    zip.on('error', () => fail('This zip archive is damaged and cannot be read.'));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer;
      // Bit 11: UTF-8 names; older tools write CP437, whose ASCII range is what matters here.
      const name = raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
      if (unsafeEntryName(name)) return fail(`This zip archive has an unsafe file name: ${name.slice(0, 200)}`);
      total += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (total > limits.maxTotalUncompressedBytes) return fail('This zip archive unpacks to more than the allowed size.');
      if (
        entry.uncompressedSize > limits.ratioAllowanceBytes &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      ) {
        return fail('This zip archive is compressed suspiciously well and cannot be accepted.');
      }
      if (!name.endsWith('/')) files.push({ path: posix.normalize(name.replace(/\\/g, '/')), size: entry.uncompressedSize });
      zip.readEntry();
    });
    zip.readEntry();
  });
  if (total > limits.ratioAllowanceBytes && total > limits.maxRatio * Math.max(compressed, 1)) {
    throw new ZipRejected('This zip archive is compressed suspiciously well and cannot be accepted.');
  }
  if (files.length === 0) throw new ZipRejected('This zip archive is empty.');
  return files;
}

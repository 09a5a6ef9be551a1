import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import type { ZipEntry } from '@school/contracts';
import yauzl from 'yauzl';

/** What an archive may hold: entry count, unpacked size and compression ratio. */
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
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const DAMAGED = 'This zip archive is damaged and cannot be read.';
const TOO_BIG = 'This zip archive unpacks to more than the allowed size.';
const TOO_WELL_COMPRESSED = 'This zip archive is compressed suspiciously well and cannot be accepted.';
const STORED = 0;
const DEFLATED = 8;
/** Unix file type bits of the external attributes (made on a unix system): a symbolic link. */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MADE_ON_UNIX = 3;

export const sizeMismatchMessage = (name: string) =>
  `This zip archive does not unpack to the sizes it declares (${name.slice(0, 200)}), so it cannot be accepted.`;
export const headerMismatchMessage = (name: string) =>
  `This zip archive describes ${name.slice(0, 200)} differently in two places, so it cannot be accepted.`;
export const symlinkMessage = (name: string) =>
  `This zip archive holds a symbolic link (${name.slice(0, 200)}); add the file itself instead.`;
export const ENCRYPTED_MESSAGE = 'This zip archive is password-protected; hand in an archive without a password.';
export const COMPRESSION_MESSAGE = 'This zip archive uses a compression method that cannot be checked; save it as an ordinary zip.';

/** A file name inside an archive that could land outside the folder it is unpacked into. */
export function unsafeEntryName(name: string): boolean {
  if (name.length === 0 || name.includes('\0')) return true;
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) return true;
  return slashed.split('/').some((part) => part === '..');
}

/** A symbolic link: unpacked by unzip, it points anywhere on the grader's machine. */
export function isSymlink(entry: Pick<yauzl.Entry, 'versionMadeBy' | 'externalFileAttributes'>): boolean {
  return entry.versionMadeBy >> 8 === MADE_ON_UNIX && ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // Sizes are checked here against the real bytes, not by yauzl's streams (which we do not use).
    yauzl.open(path, { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, autoClose: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

async function readAt(fh: FileHandle, length: number, position: number): Promise<Buffer | null> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buffer, 0, length, position);
  return bytesRead === length ? buffer : null;
}

interface LocalHeader {
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  name: Buffer;
  dataStart: number;
}

/** The local header an entry's central record points at (sizes from its zip64 field when marked so). */
async function localHeader(fh: FileHandle, offset: number): Promise<LocalHeader | null> {
  const fixed = await readAt(fh, 30, offset);
  if (!fixed || fixed.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) return null;
  const nameLength = fixed.readUInt16LE(26);
  const extraLength = fixed.readUInt16LE(28);
  const variable = nameLength + extraLength ? await readAt(fh, nameLength + extraLength, offset + 30) : Buffer.alloc(0);
  if (!variable) return null;
  let uncompressedSize = fixed.readUInt32LE(22);
  let compressedSize = fixed.readUInt32LE(18);
  if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff) {
    const extra = variable.subarray(nameLength);
    for (let i = 0; i + 4 <= extra.length;) {
      const id = extra.readUInt16LE(i);
      const size = extra.readUInt16LE(i + 2);
      if (id === 0x0001) {
        let at = i + 4;
        const read64 = () => (at + 8 <= i + 4 + size && at + 8 <= extra.length ? Number(extra.readBigUInt64LE((at += 8) - 8)) : -1);
        if (uncompressedSize === 0xffffffff) uncompressedSize = read64();
        if (compressedSize === 0xffffffff) compressedSize = read64();
        break;
      }
      i += 4 + size;
    }
  }
  return {
    flags: fixed.readUInt16LE(6),
    method: fixed.readUInt16LE(8),
    crc32: fixed.readUInt32LE(14),
    compressedSize,
    uncompressedSize,
    name: variable.subarray(0, nameLength),
    dataStart: offset + 30 + nameLength + extraLength,
  };
}

/**
 * Whether the local header tells the same story as the central directory: unzip tools read one
 * or the other, so any difference lets an archive show the checker one thing and the grader another.
 */
function headersAgree(entry: yauzl.Entry, local: LocalHeader): boolean {
  if (!local.name.equals(entry.fileName as unknown as Buffer)) return false;
  if (local.method !== entry.compressionMethod) return false;
  if ((local.flags & 0x0008) !== 0) {
    // Sizes and CRC follow the data (streamed writers); the header then holds zeros or the same values.
    const zeroOr = (value: number, expected: number) => value === 0 || value === expected;
    return (
      zeroOr(local.compressedSize, entry.compressedSize) &&
      zeroOr(local.uncompressedSize, entry.uncompressedSize) &&
      zeroOr(local.crc32, entry.crc32)
    );
  }
  return local.compressedSize === entry.compressedSize && local.uncompressedSize === entry.uncompressedSize && local.crc32 === entry.crc32;
}

/**
 * Inflates an entry's data from the file, counting the bytes it really unpacks to and stopping as
 * soon as they pass `cap`: nothing is kept, so a bomb costs at most cap bytes of work, never memory.
 */
async function inflatedBytes(path: string, start: number, compressedSize: number, cap: number): Promise<number> {
  if (compressedSize === 0) return 0;
  let count = 0;
  try {
    await pipeline(
      createReadStream(path, { start, end: start + compressedSize - 1 }),
      createInflateRaw(),
      async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) {
          count += chunk.length;
          if (count > cap) return;
        }
      },
    );
  } catch {
    if (count > cap) return count;
    throw new ZipRejected(DAMAGED);
  }
  return count;
}

/**
 * Reads a zip archive from a file and answers its files (directories left out) with their sizes.
 * Refuses what is not a zip, a damaged one, one with more entries than allowed, a name that climbs
 * out of its folder (`../`, absolute, a drive), a symbolic link, an encrypted entry or one whose
 * compression cannot be checked, an entry whose local header disagrees with the central directory,
 * and a bomb: by the declared sizes first (the total, the compression ratio of an entry or of the
 * whole), then by the real ones, each entry inflated and counted against what it declares.
 */
export async function inspectZip(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  let zip: yauzl.ZipFile | undefined;
  try {
    const { size } = await fh.stat();
    const head = await readAt(fh, 4, 0);
    if (size < 22 || !head?.equals(ZIP_SIGNATURE)) throw new ZipRejected('This file is not a zip archive.');
    try {
      zip = await openZip(path);
    } catch {
      throw new ZipRejected(DAMAGED);
    }
    if (zip.entryCount > limits.maxEntries) throw new ZipRejected(`This zip archive holds more than ${limits.maxEntries} files.`);
    const files: ZipEntry[] = [];
    let total = 0;
    let compressed = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      const raw = entry.fileName as unknown as Buffer;
      // Bit 11: UTF-8 names; older tools write CP437, whose ASCII range is what matters here.
      const name = raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
      if (unsafeEntryName(name)) throw new ZipRejected(`This zip archive has an unsafe file name: ${name.slice(0, 200)}`);
      if (isSymlink(entry)) throw new ZipRejected(symlinkMessage(name));
      if (entry.isEncrypted()) throw new ZipRejected(ENCRYPTED_MESSAGE);
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) throw new ZipRejected(COMPRESSION_MESSAGE);
      total += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (total > limits.maxTotalUncompressedBytes) throw new ZipRejected(TOO_BIG);
      if (
        entry.uncompressedSize > limits.ratioAllowanceBytes &&
        entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)
      )
        throw new ZipRejected(TOO_WELL_COMPRESSED);
      const local = await localHeader(fh, entry.relativeOffsetOfLocalHeader);
      if (!local) throw new ZipRejected(DAMAGED);
      if (!headersAgree(entry, local)) throw new ZipRejected(headerMismatchMessage(name));
      if (local.dataStart + entry.compressedSize > size) throw new ZipRejected(DAMAGED);
      // The declared size is a claim: the real bytes must match it exactly.
      const real =
        entry.compressionMethod === STORED
          ? entry.compressedSize
          : await inflatedBytes(path, local.dataStart, entry.compressedSize, entry.uncompressedSize);
      if (real !== entry.uncompressedSize) throw new ZipRejected(sizeMismatchMessage(name));
      if (!name.endsWith('/')) files.push({ path: posix.normalize(name.replace(/\\/g, '/')), size: real });
    }
    if (total > limits.ratioAllowanceBytes && total > limits.maxRatio * Math.max(compressed, 1)) throw new ZipRejected(TOO_WELL_COMPRESSED);
    if (files.length === 0) throw new ZipRejected('This zip archive is empty.');
    return files;
  } finally {
    zip?.close();
    await fh.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = () => (cleanup(), reject(new ZipRejected(DAMAGED)));
    zip.once('entry', onEntry);
    zip.once('end', onEnd);
    zip.once('error', onError);
    zip.readEntry();
  });
}

import { posix } from 'node:path';
import yauzl from 'yauzl';

import { PREVIEW_MAX_BYTES } from '@school/contracts';

export type PreviewKind = 'text' | 'pdf';

/** Why a file cannot be previewed; `status` is the HTTP answer, `message` what the grader reads. */
export class PreviewRefused extends Error {
  constructor(
    readonly status: 404 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

const entryName = (entry: yauzl.Entry) => {
  const raw = entry.fileName as unknown as Buffer;
  // Bit 11: UTF-8 names; older tools write CP437 (the same rule as the inspection at hand-in).
  const name = raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
  return posix.normalize(name.replace(/\\/g, '/'));
};

/**
 * The bytes of one file inside an archive, found by the path the hand-in's inspection listed,
 * read only when its declared size is within `maxBytes` and stopped past it whatever it declares.
 */
export function readZipEntry(zipBytes: Buffer, path: string, maxBytes = PREVIEW_MAX_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zipBytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(new PreviewRefused(415, 'This archive cannot be read.'));
      let done = false;
      const finish = (error: Error | null, data?: Buffer) => {
        if (done) return;
        done = true;
        zip.close();
        if (error) reject(error);
        else resolve(data!);
      };
      zip.on('error', () => finish(new PreviewRefused(415, 'This archive cannot be read.')));
      zip.on('end', () => finish(new PreviewRefused(404, 'That file is not in this submission.')));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entryName(entry) !== path || entryName(entry).endsWith('/')) return zip.readEntry();
        if (entry.uncompressedSize > maxBytes)
          return finish(
            new PreviewRefused(413, `Files over ${maxBytes / 1024 / 1024} MB are not previewed; download the archive to open it.`),
          );
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return finish(new PreviewRefused(415, 'This file cannot be read from the archive.'));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              stream.destroy();
              return finish(new PreviewRefused(413, 'This file is larger than its archive says; download the archive to open it.'));
            }
            chunks.push(chunk);
          });
          stream.on('error', () => finish(new PreviewRefused(415, 'This file cannot be read from the archive.')));
          stream.on('end', () => finish(null, Buffer.concat(chunks)));
        });
      });
      zip.readEntry();
    });
  });
}

/** How a file is shown: a PDF by its content, text when it is valid UTF-8 without NUL bytes; anything else is not previewed. */
export function previewKind(data: Buffer): PreviewKind | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (data.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return 'text';
  } catch {
    return null;
  }
}

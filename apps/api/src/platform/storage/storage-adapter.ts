import type { Readable } from 'node:stream';

/** Where a stored file's bytes live (stored_files.backend). */
export type StorageBackend = 'disk' | 's3';

export interface PutFileMeta {
  contentType: string;
}

/** One part of a file written in parts: its place, where it starts, its bytes as a stream and their count. */
export interface FilePart {
  /** 0 for the first part. */
  index: number;
  offset: number;
  length: number;
  body: Readable;
  /** Aborted when the part's source is cut off, so the write stops too. */
  signal?: AbortSignal;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The bytes of stored files under their storage keys. StorageService keeps the records and
 * signed URLs; an adapter only writes, reads and deletes bytes. Both adapters pass one contract
 * test suite (storage.contract.api.test.ts).
 */
export interface StorageAdapter {
  readonly backend: StorageBackend;
  /** Writes (or overwrites) the bytes under key. */
  put(key: string, data: Buffer, meta: PutFileMeta): Promise<void>;
  /** The bytes under key, or a range of them; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Buffer | null>;
  /**
   * Starts a file written in parts of one size (the last may be shorter), streamed, never held in
   * memory: an S3 multipart upload (answers its upload id) or an empty file on disk (answers null).
   */
  startParts(key: string, meta: PutFileMeta): Promise<string | null>;
  /** Writes one part (again, when it was cut off before); answers the part's ETag (S3) or null. */
  writePart(key: string, uploadId: string | null, part: FilePart): Promise<string | null>;
  /** Makes the parts written so far the file of `size` bytes under key; again after it succeeded is no error. */
  finishParts(key: string, uploadId: string | null, etags: string[], size: number): Promise<void>;
  /** Drops an unfinished file and its parts; one dropped before is no error. */
  abortParts(key: string, uploadId: string | null): Promise<void>;
  /** Deletes the bytes under key; a missing file is no error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can take files now (readiness); rejects with the reason otherwise. */
  ping(): Promise<void>;
}

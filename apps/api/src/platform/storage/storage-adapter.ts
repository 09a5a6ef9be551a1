/** Where a stored file's bytes live (stored_files.backend). */
export type StorageBackend = 'disk' | 's3';

export interface PutFileMeta {
  contentType: string;
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
  /** Deletes the bytes under key; a missing file is no error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can take files now (readiness); rejects with the reason otherwise. */
  ping(): Promise<void>;
}

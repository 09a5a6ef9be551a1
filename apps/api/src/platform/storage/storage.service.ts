import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JWT_SECRET } from '../../common/jwt-secret';
import { mustOne, one } from '../../common/sql/db';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { StorageAdapter, StorageBackend } from './storage-adapter';

export interface StoredFile {
  id_slug: string;
  storage_key: string;
  original_name: string;
  content_type: string;
  size_bytes: string;
  purpose: string;
  backend: StorageBackend;
}

const FILE_COLUMNS = 'id_slug, storage_key, original_name, content_type, size_bytes, purpose, backend';

/** The adapter for S3 settings, or none when no bucket is configured. */
export function s3StorageFrom(config: AppConfig): S3Storage | null {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_REGION) return null;
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** What stored files are for (stored_files.purpose); lessons may only point at the lesson ones. */
export const FILE_PURPOSE = {
  lessonVideo: 'lesson-video',
  lessonReading: 'lesson-reading',
  lessonCaptions: 'lesson-captions',
  certificate: 'certificate',
} as const;

export interface SaveFileInput {
  data: Buffer;
  originalName: string;
  contentType: string;
  /** What the file is for, e.g. 'application-resume', 'lesson-video', 'lesson-reading'. */
  purpose: string;
  uploadedBy?: string | null;
}

/**
 * Files live outside any served folder under random names, recorded in stored_files, and are
 * only reachable through short-lived signed URLs (/api/files/:id_slug?exp=&sig=). The bytes are
 * kept by an adapter: the local disk (default) or an S3 bucket (STORAGE=s3); each record says
 * which one holds its file, so files copied by `pnpm storage:migrate` are read from the bucket.
 */
@Injectable()
export class StorageService implements OnApplicationShutdown {
  private readonly urlKey: Buffer;
  readonly disk: DiskStorage;
  readonly s3: S3Storage | null;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JWT_SECRET) secret: string,
  ) {
    // A key of its own, derived so that a file URL can never pass as a token or the reverse.
    this.urlKey = createHmac('sha256', secret).update('signed-file-urls').digest();
    this.disk = new DiskStorage(config.uploadDir);
    this.s3 = s3StorageFrom(config);
  }

  async onApplicationShutdown() {
    await this.s3?.destroy();
  }

  /** The folder of the disk adapter. */
  get directory(): string {
    return this.disk.directory;
  }

  /**
   * Where uploads are received before they are checked and kept (on disk, never in memory); each
   * request deletes its own file once kept or refused.
   */
  get incomingDirectory(): string {
    return join(this.config.dataDir, 'incoming');
  }

  pathOf(storageKey: string): string {
    return this.disk.pathOf(storageKey);
  }

  /** The adapter new files are written to (STORAGE). */
  get writer(): StorageAdapter {
    return this.config.STORAGE === 's3' ? this.adapter('s3') : this.disk;
  }

  /** The adapter holding a record's bytes; a bucket record needs the S3 settings. */
  adapter(backend: StorageBackend): StorageAdapter {
    if (backend === 'disk') return this.disk;
    if (!this.s3) throw new Error('A stored file is in the S3 bucket, but S3_ENDPOINT, S3_BUCKET and S3_REGION are not all set');
    return this.s3;
  }

  async save(input: SaveFileInput, manager: EntityManager = this.db.manager): Promise<StoredFile> {
    const storageKey = randomBytes(16).toString('hex');
    const writer = this.writer;
    await writer.put(storageKey, input.data, { contentType: input.contentType });
    return mustOne<StoredFile>(
      manager,
      `INSERT INTO stored_files (storage_key, original_name, content_type, size_bytes, purpose, uploaded_by, backend)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING ${FILE_COLUMNS}`,
      [
        storageKey,
        input.originalName.slice(0, 255),
        input.contentType,
        input.data.length,
        input.purpose,
        input.uploadedBy ?? null,
        writer.backend,
      ],
    );
  }

  /** Keeps the file at `path` (streamed to the writer, never read whole into memory) and records it. */
  async saveFile(path: string, input: Omit<SaveFileInput, 'data'>, manager: EntityManager = this.db.manager): Promise<StoredFile> {
    const storageKey = randomBytes(16).toString('hex');
    const writer = this.writer;
    const { size } = await stat(path);
    const meta = { contentType: input.contentType };
    const uploadId = await writer.startParts(storageKey, meta);
    try {
      const etag = await writer.writePart(storageKey, uploadId, { index: 0, offset: 0, length: size, body: createReadStream(path) });
      await writer.finishParts(storageKey, uploadId, etag ? [etag] : [], size);
    } catch (e) {
      await writer.abortParts(storageKey, uploadId);
      throw e;
    }
    return this.record({ ...input, storageKey, sizeBytes: size, backend: writer.backend }, manager);
  }

  /**
   * Records a file whose bytes a writer already holds under storageKey (a finished resumable
   * upload), with a video's duration.
   */
  record(
    input: Omit<SaveFileInput, 'data'> & {
      storageKey: string;
      sizeBytes: number;
      backend: StorageBackend;
      durationSeconds?: number | null;
    },
    manager: EntityManager = this.db.manager,
  ): Promise<StoredFile> {
    return mustOne<StoredFile>(
      manager,
      `INSERT INTO stored_files (storage_key, original_name, content_type, size_bytes, purpose, uploaded_by, backend, duration_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING ${FILE_COLUMNS}`,
      [
        input.storageKey,
        input.originalName.slice(0, 255),
        input.contentType,
        input.sizeBytes,
        input.purpose,
        input.uploadedBy ?? null,
        input.backend,
        input.durationSeconds ?? null,
      ],
    );
  }

  /** The bytes of a stored file (or a range of them); null when they are missing. */
  read(file: Pick<StoredFile, 'storage_key' | 'backend'>, range?: { start: number; end: number }): Promise<Buffer | null> {
    return this.adapter(file.backend).read(file.storage_key, range);
  }

  /**
   * Deletes stored bytes whose stored_files rows are already gone; a missing file is no error.
   * The rows no longer say where the bytes were, so every configured adapter forgets the key.
   */
  async removeFiles(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) {
      await this.disk.remove(key);
      await this.s3?.remove(key);
    }
  }

  async find(idSlug: string): Promise<StoredFile | null> {
    const row = await one<StoredFile>(this.db, `SELECT ${FILE_COLUMNS} FROM stored_files WHERE id_slug = $1`, [idSlug]);
    return row ?? null;
  }

  /** A presigned bucket URL for a file in S3, valid as long as the API's signed URL (at most). */
  presignedUrl(file: StoredFile, opts: { download: boolean; expiresIn: number }): Promise<string> {
    if (!this.s3) throw new Error('A stored file is in the S3 bucket, but S3_ENDPOINT, S3_BUCKET and S3_REGION are not all set');
    return this.s3.presignedUrl(file.storage_key, {
      contentType: file.content_type,
      contentDisposition: contentDisposition(file.original_name, opts.download),
      expiresIn: Math.min(opts.expiresIn, this.config.FILE_URL_TTL_SECONDS),
    });
  }

  /** A URL valid for FILE_URL_TTL_SECONDS (or ttlSeconds); `download` asks for an attachment. */
  signedUrl(idSlug: string, opts: { download?: boolean; ttlSeconds?: number; now?: number } = {}): string {
    const exp = Math.floor((opts.now ?? Date.now()) / 1000) + (opts.ttlSeconds ?? this.config.FILE_URL_TTL_SECONDS);
    const dl = opts.download ? '1' : '0';
    const sig = this.sign(idSlug, exp, dl);
    return `/api/files/${encodeURIComponent(idSlug)}?exp=${exp}&dl=${dl}&sig=${sig}`;
  }

  verify(idSlug: string, exp: string, dl: string, sig: string, now = Date.now()): boolean {
    const expires = Number(exp);
    if (!Number.isInteger(expires) || expires * 1000 < now || (dl !== '0' && dl !== '1')) return false;
    const expected = Buffer.from(this.sign(idSlug, expires, dl));
    const given = Buffer.from(String(sig));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(idSlug: string, exp: number, dl: string): string {
    return createHmac('sha256', this.urlKey).update(`${idSlug}.${exp}.${dl}`).digest('base64url');
  }
}

/**
 * inline or attachment, with the original name in RFC 5987 form (any script, combining marks
 * included) and an ASCII `filename` for the clients that read no other (RFC 6266).
 */
export function contentDisposition(originalName: string, download: boolean): string {
  const utf8 = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${download ? 'attachment' : 'inline'}; filename="${asciiFileName(originalName)}"; filename*=UTF-8''${utf8}`;
}

/** The name in printable ASCII: accents dropped, other letters as `_`, quotes and backslashes too; 'download' when nothing is left. */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/["\\]/g, '_');
  const dot = ascii.lastIndexOf('.');
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  return /[A-Za-z0-9]/.test(stem) ? ascii : `download${dot > 0 ? ascii.slice(dot) : ''}`;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JWT_SECRET } from '../auth/jwt-secret';

export interface StoredFile {
  id_slug: string;
  storage_key: string;
  original_name: string;
  content_type: string;
  size_bytes: string;
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
 * only reachable through short-lived signed URLs (/api/files/:id_slug?exp=&sig=).
 */
@Injectable()
export class StorageService {
  private readonly urlKey: Buffer;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JWT_SECRET) secret: string,
  ) {
    // A key of its own, derived so that a file URL can never pass as a token or the reverse.
    this.urlKey = createHmac('sha256', secret).update('signed-file-urls').digest();
  }

  get directory(): string {
    return this.config.uploadDir;
  }

  pathOf(storageKey: string): string {
    return join(this.config.uploadDir, storageKey);
  }

  async save(input: SaveFileInput, manager: EntityManager = this.db.manager): Promise<StoredFile> {
    const storageKey = randomBytes(16).toString('hex');
    await mkdir(this.config.uploadDir, { recursive: true });
    await writeFile(this.pathOf(storageKey), input.data, { mode: 0o600 });
    const [row] = await manager.query(
      `INSERT INTO stored_files (storage_key, original_name, content_type, size_bytes, purpose, uploaded_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id_slug, storage_key, original_name, content_type, size_bytes`,
      [storageKey, input.originalName.slice(0, 255), input.contentType, input.data.length, input.purpose, input.uploadedBy ?? null],
    );
    return row;
  }

  /** Deletes stored bytes whose stored_files rows are already gone; a missing file is no error. */
  async removeFiles(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) await rm(this.pathOf(key), { force: true });
  }

  async find(idSlug: string): Promise<StoredFile | null> {
    const [row] = await this.db.query(
      `SELECT id_slug, storage_key, original_name, content_type, size_bytes FROM stored_files WHERE id_slug = $1`,
      [idSlug],
    );
    return row ?? null;
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

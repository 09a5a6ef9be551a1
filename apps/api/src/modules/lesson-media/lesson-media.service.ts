import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  formatMediaLimit,
  LESSON_MEDIA_MAX_BYTES,
  type LessonMediaKind,
  type LessonUploadState,
  type StartLessonUpload,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { isDiskFull } from '../../common/disk-full';
import { FILE_PURPOSE, StorageService } from '../../platform/storage/storage.service';
import * as sql from './lesson-media.queries';
import type { UploadRow } from './lesson-media.queries';
import { KIND_CONTENT_TYPE, matchesKind, SNIFF_BYTES, WRONG_CONTENT_MESSAGE } from './media-sniffers';
import { mp4Duration } from './mp4-duration';

/** Chunks are 8 MiB: above S3's smallest multipart part (5 MiB), small enough to resend cheaply. */
export const CHUNK_SIZE = 8 * 1024 * 1024;

const KIND_LABEL: Record<LessonMediaKind, string> = { video: 'A lesson video', captions: 'A captions file', reading: 'A reading' };
const KIND_PURPOSE: Record<LessonMediaKind, string> = {
  video: FILE_PURPOSE.lessonVideo,
  captions: FILE_PURPOSE.lessonCaptions,
  reading: FILE_PURPOSE.lessonReading,
};
export const UPLOAD_NOT_FOUND = 'This upload does not exist.';
export const CHUNK_CLAIMED_MESSAGE = (offset: number) =>
  `Another request is sending the chunk at byte ${offset}; ask where the upload stands and go on from there.`;
/** How long a chunk's claim holds without news from its writer (renewed while bytes arrive). */
export const CLAIM_LEASE_SECONDS = 120;
const CLAIM_RENEW_MS = 30_000;
export const NO_DURATION_MESSAGE =
  'This video has no readable duration (its mp4 movie header is missing); please upload a complete mp4 file.';

class CutOff extends Error {}

/** The chunk's bytes as they arrive, counted: never more or fewer than announced. */
function countedChunk(length: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > length ? new CutOff() : null, chunk);
    },
    flush(done) {
      done(seen === length ? null : new CutOff());
    },
  });
}

/** Reads the first `n` bytes of a body (fewer when it is shorter) and pauses it there. */
function readHead(req: IncomingMessage, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length < n) return;
      req.pause();
      onEnd();
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    const onClose = () => {
      if (req.complete) return;
      cleanup();
      reject(new CutOff());
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/**
 * Resumable uploads of lesson media. Each upload is a row (how many bytes arrived, the parts'
 * ETags) and its bytes go straight to the storage backend chunk by chunk, so any API replica can
 * take the next chunk and nothing is held in memory: on disk each chunk is written at its offset,
 * in S3 it is one part of a multipart upload. The first chunk is checked by content; the last one
 * completes the file, reads a video's duration from its moov/mvhd box and records the stored file.
 */
@Injectable()
export class LessonMediaService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  async start(me: AuthUser, body: StartLessonUpload): Promise<LessonUploadState> {
    const max = LESSON_MEDIA_MAX_BYTES[body.kind];
    if (body.size_bytes > max) {
      throw new PayloadTooLargeException({
        message: `${KIND_LABEL[body.kind]} may be at most ${formatMediaLimit(max)}.`,
        errors: { size_bytes: `At most ${formatMediaLimit(max)}` },
      });
    }
    const writer = this.storage.writer;
    const storageKey = randomBytes(16).toString('hex');
    const uploadId = await writer.startParts(storageKey, { contentType: KIND_CONTENT_TYPE[body.kind] });
    const row = await sql.insertUpload(this.db, {
      kind: body.kind,
      original_name: body.file_name.slice(0, 255),
      size_bytes: body.size_bytes,
      chunk_size: CHUNK_SIZE,
      storage_key: storageKey,
      backend: writer.backend,
      multipart_upload_id: uploadId,
      uploaded_by: me.id,
    });
    return stateOf(row);
  }

  async state(me: AuthUser, idSlug: string): Promise<LessonUploadState> {
    return stateOf(await this.mustFind(me, idSlug));
  }

  /** Takes the chunk starting at `offset` from the request body (Content-Length bytes, streamed). */
  async chunk(me: AuthUser, idSlug: string, offset: number, req: IncomingMessage): Promise<LessonUploadState> {
    const upload = await this.mustFind(me, idSlug, req);
    if (upload.file_id_slug || offset !== upload.received_bytes) {
      await drain(req);
      if (upload.file_id_slug && offset === upload.size_bytes) return stateOf(upload);
      throw new ConflictException({
        message: upload.file_id_slug ? 'This upload is already complete.' : `This upload continues at byte ${upload.received_bytes}.`,
      });
    }
    // Every byte arrived but the file was not recorded (the process stopped while completing):
    // the client goes on with an empty chunk at the end. Nothing is written, the completion is
    // finished (an empty part would take the place of the real last one).
    if (upload.received_bytes === upload.size_bytes) {
      await drain(req);
      await this.complete(upload);
      return this.state(me, idSlug);
    }
    const expected = Math.min(upload.chunk_size, upload.size_bytes - offset);
    const declared = req.headers['content-length'];
    if (declared === undefined) {
      await drain(req);
      throw new HttpException({ message: 'Send each chunk with its Content-Length.' }, HttpStatus.LENGTH_REQUIRED);
    }
    if (Number(declared) !== expected) {
      await drain(req);
      const message = `The chunk at byte ${offset} must be ${expected} bytes long.`;
      if (Number(declared) > expected) throw new PayloadTooLargeException({ message });
      throw new BadRequestException({ message });
    }

    // The chunk is claimed before a byte is stored: a second request for it (a retry while the
    // first still runs, another tab) is refused, so two writes never mix their bytes.
    const token = randomUUID();
    if (!(await sql.claimChunk(this.db, upload.id, offset, token, CLAIM_LEASE_SECONDS))) {
      await drain(req);
      const now = await this.mustFind(me, idSlug);
      if (now.file_id_slug || now.received_bytes !== offset) {
        throw new ConflictException({ message: `This upload continues at byte ${now.received_bytes}.` });
      }
      throw new ConflictException({ message: CHUNK_CLAIMED_MESSAGE(offset) });
    }
    const renew = setInterval(() => void sql.renewClaim(this.db, upload.id, token).catch(() => undefined), CLAIM_RENEW_MS);
    try {
      return await this.writeClaimed(me, upload, offset, expected, token, req);
    } finally {
      clearInterval(renew);
    }
  }

  /** Writes the claimed chunk to storage, records it and, after the last one, completes the file. */
  private async writeClaimed(
    me: AuthUser,
    upload: UploadRow,
    offset: number,
    expected: number,
    token: string,
    req: IncomingMessage,
  ): Promise<LessonUploadState> {
    const idSlug = upload.id_slug;
    const release = () => sql.releaseClaim(this.db, upload.id, token).catch(() => undefined);
    const index = Math.floor(offset / upload.chunk_size);
    // The first chunk is checked by content before a byte is stored.
    let head: Buffer = Buffer.alloc(0);
    if (offset === 0) {
      try {
        head = await readHead(req, SNIFF_BYTES);
      } catch {
        await release();
        throw new BadRequestException({ message: `The chunk was cut off; send it again from byte ${offset}.` });
      }
      if (!matchesKind(upload.kind, head, expected === upload.size_bytes && head.length === expected)) {
        await drain(req);
        await this.discard(upload);
        throw new UnsupportedMediaTypeException({ message: WRONG_CONTENT_MESSAGE[upload.kind] });
      }
    }
    const body = countedChunk(expected);
    // A part cut off stops its write to the bucket too.
    const abort = new AbortController();
    body.on('error', () => abort.abort());
    req.once('error', (e) => body.destroy(e));
    req.once('close', () => {
      if (!req.complete) body.destroy(new CutOff());
    });
    if (head.length) body.write(head);
    if (req.readableEnded) body.end();
    else req.pipe(body);
    const adapter = this.storage.adapter(upload.backend);
    let etag: string | null;
    try {
      etag = await adapter.writePart(upload.storage_key, upload.multipart_upload_id, {
        index,
        offset,
        length: expected,
        body,
        signal: abort.signal,
      });
    } catch (e) {
      req.unpipe(body);
      // A full disk also aborts the part: it is answered as such (507), not as a chunk cut off, once
      // the chunk is read (its client is still sending: an earlier answer reaches it as a broken
      // pipe). Another failed write is answered at once (the client may be gone already).
      const full = isDiskFull(e);
      if (full) await drain(req);
      else void drain(req);
      await release();
      if (full) throw e;
      if (e instanceof CutOff || body.errored instanceof CutOff || abort.signal.aborted) {
        throw new BadRequestException({ message: `The chunk was cut off; send it again from byte ${offset}.` });
      }
      throw e;
    }

    const received = offset + expected;
    const moved = await sql.advanceUpload(this.db, upload.id, offset, received, index, etag ?? '', token);
    if (!moved || received < upload.size_bytes) return this.state(me, idSlug);
    await this.complete({ ...upload, received_bytes: received, part_etags: withEtag(upload.part_etags, index, etag ?? '') });
    return this.state(me, idSlug);
  }

  /**
   * Joins the parts, reads a video's duration, and records the stored file (one transaction).
   * Safe to run again after a crash at any step: joining parts the bucket already joined is no
   * error, and of two runs at once only the first records the file.
   */
  private async complete(upload: UploadRow): Promise<void> {
    const adapter = this.storage.adapter(upload.backend);
    await adapter.finishParts(upload.storage_key, upload.multipart_upload_id, upload.part_etags, upload.size_bytes);
    let duration: number | null = null;
    if (upload.kind === 'video') {
      duration = await mp4Duration(
        async (start, end) => (await adapter.read(upload.storage_key, { start, end })) ?? Buffer.alloc(0),
        upload.size_bytes,
      );
      if (duration === null) {
        await this.db.transaction((m) => sql.deleteUpload(m, upload.id));
        await adapter.remove(upload.storage_key);
        throw new UnprocessableEntityException({ message: NO_DURATION_MESSAGE });
      }
    }
    await this.db.transaction(async (m) => {
      if (!(await sql.lockUnfinished(m, upload.id))) return;
      const file = await this.storage.record(
        {
          storageKey: upload.storage_key,
          originalName: upload.original_name,
          contentType: KIND_CONTENT_TYPE[upload.kind],
          purpose: KIND_PURPOSE[upload.kind],
          uploadedBy: upload.uploaded_by,
          sizeBytes: upload.size_bytes,
          backend: upload.backend,
          durationSeconds: duration,
        },
        m,
      );
      await sql.finishUpload(m, upload.id, file.id_slug);
    });
  }

  /** Forgets a refused upload and its bytes. */
  private async discard(upload: UploadRow): Promise<void> {
    await sql.deleteUpload(this.db, upload.id);
    await this.storage
      .adapter(upload.backend)
      .abortParts(upload.storage_key, upload.multipart_upload_id)
      .catch(() => undefined);
  }

  /** The upload, for the admin who started it only (another admin's is answered as not found). */
  private async mustFind(me: AuthUser, idSlug: string, req?: IncomingMessage): Promise<UploadRow> {
    const row = await sql.findUpload(this.db, idSlug);
    if (!row || row.uploaded_by !== me.id) {
      if (req) await drain(req);
      throw new NotFoundException(UPLOAD_NOT_FOUND);
    }
    return row;
  }
}

function withEtag(etags: string[], index: number, etag: string): string[] {
  const next = [...etags];
  next[index] = etag;
  return next;
}

function stateOf(row: UploadRow): LessonUploadState {
  return {
    id_slug: row.id_slug,
    kind: row.kind,
    size_bytes: row.size_bytes,
    chunk_size: row.chunk_size,
    offset: row.received_bytes,
    file: row.file_id_slug ? { id_slug: row.file_id_slug, original_name: row.original_name, duration_seconds: row.duration_seconds } : null,
  };
}

/**
 * Reads and drops the rest of a body the API does not take. A body of at most a chunk is read to
 * its end before the answer: an answer while the client is still sending reaches it as a broken
 * pipe (EPIPE) once the connection closes. A longer one is only let run (never waited for).
 */
function drain(req: IncomingMessage): Promise<void> {
  req.resume();
  if (req.complete || req.closed || req.destroyed || req.socket?.destroyed || !(Number(req.headers['content-length']) <= CHUNK_SIZE))
    return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
  });
}

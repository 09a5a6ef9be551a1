import { type ApiClient, ApiError, type LessonMediaKind, type LessonUploadState, type UploadedLessonFile } from '@school/contracts';

export interface UploadProgress {
  sent: number;
  total: number;
  /** Seconds left at the speed so far; null until it can be told. */
  secondsLeft: number | null;
  /** The connection dropped and the upload waits to resume. */
  reconnecting: boolean;
}

/**
 * Unfinished uploads remembered in this browser, so one cut by a closed tab or browser goes on
 * from where the API stands when the admin picks the same file again. An entry names the API's
 * upload for one place (a lesson, or a module's new lesson), kind and file (name, size, last
 * modified): another file, even of the same name, starts afresh. The API forgets unfinished
 * uploads after a day, and so does this list.
 */
const STORAGE_PREFIX = 'school.lesson-upload:';
const KEEP_MS = 24 * 60 * 60 * 1000;

/** The key of one file's upload for one place in the curriculum. */
export function unfinishedUploadKey(scope: string, kind: LessonMediaKind, file: File): string {
  return `${STORAGE_PREFIX}${JSON.stringify([scope, kind, file.name, file.size, file.lastModified])}`;
}

export const unfinishedUploads = {
  find(key: string): string | null {
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return null;
      const { id, at } = JSON.parse(raw) as { id: string; at: number };
      if (typeof id === 'string' && Date.now() - at < KEEP_MS) return id;
      localStorage.removeItem(key);
    } catch {
      // No storage (private mode, quota) or a garbled entry: nothing to resume.
    }
    return null;
  },
  remember(key: string, id: string): void {
    try {
      localStorage.setItem(key, JSON.stringify({ id, at: Date.now() }));
    } catch {
      // Without storage the upload still runs; it just cannot be resumed after a reload.
    }
  },
  forget(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  },
};

/**
 * Where the API stands with this file's earlier upload, when there is one to go on with (the
 * same kind and size, not yet complete or complete with its file); null when it must start afresh.
 */
export async function findUnfinishedUpload(
  client: ApiClient,
  key: string,
  kind: LessonMediaKind,
  file: File,
): Promise<LessonUploadState | null> {
  const id = unfinishedUploads.find(key);
  if (!id) return null;
  try {
    const state = await client.call('lessonUploadState', { params: { uploadId: id } });
    if (state.kind === kind && state.size_bytes === file.size) return state;
  } catch (e) {
    // A dropped connection keeps the entry for the next try; an upload the API no longer has is forgotten.
    if (!(e instanceof ApiError) || e.status === 0 || e.status >= 500) return null;
  }
  unfinishedUploads.forget(key);
  return null;
}

/** Worth another try from where the API stands: a dropped connection, a server error, a chunk from the wrong place. */
const retryable = (e: unknown) => !(e instanceof ApiError) || e.status >= 500 || e.status === 409 || e.status === 0;

/**
 * Uploads a lesson file in the API's chunks. After a dropped connection it asks the API how many
 * bytes arrived and goes on from there (waiting longer each time, up to `maxRetries` in a row).
 * With a `scope`, an upload of the same file left unfinished there (tab closed, browser quit)
 * goes on from its offset instead of starting over.
 */
export async function uploadLessonMedia(
  client: ApiClient,
  kind: LessonMediaKind,
  file: File,
  onProgress: (p: UploadProgress) => void,
  {
    retryDelayMs = 1000,
    maxRetries = 30,
    scope,
  }: {
    retryDelayMs?: number;
    maxRetries?: number;
    /** The place in the curriculum the file is for: the upload is remembered there, to resume after a reload. */
    scope?: string;
  } = {},
): Promise<UploadedLessonFile> {
  const key = scope === undefined ? null : unfinishedUploadKey(scope, kind, file);
  let state: LessonUploadState =
    (key && (await findUnfinishedUpload(client, key, kind, file))) ||
    (await client.call('lessonUploadStart', { body: { kind, file_name: file.name, size_bytes: file.size } }));
  if (key) unfinishedUploads.remember(key, state.id_slug);
  const began = Date.now();
  const firstOffset = state.offset;
  const report = (reconnecting: boolean) => {
    const elapsed = (Date.now() - began) / 1000;
    const rate = elapsed > 0 ? (state.offset - firstOffset) / elapsed : 0;
    const secondsLeft = rate > 0 ? (state.size_bytes - state.offset) / rate : null;
    onProgress({ sent: state.offset, total: state.size_bytes, secondsLeft, reconnecting });
  };
  report(false);
  let failures = 0;
  while (!state.file) {
    try {
      const end = Math.min(state.offset + state.chunk_size, state.size_bytes);
      state = await client.upload('lessonUploadChunk', file.slice(state.offset, end), {
        params: { uploadId: state.id_slug, offset: state.offset },
      });
      failures = 0;
      report(false);
    } catch (e) {
      if (!retryable(e) || ++failures > maxRetries) {
        // A refused file (wrong content, no duration) is gone from the API: nothing to resume.
        if (key && !retryable(e)) unfinishedUploads.forget(key);
        throw e;
      }
      report(true);
      await new Promise((r) => setTimeout(r, Math.min(retryDelayMs * failures, 10 * retryDelayMs)));
      try {
        state = await client.call('lessonUploadState', { params: { uploadId: state.id_slug } });
      } catch (again) {
        if (!retryable(again)) throw again;
      }
    }
  }
  if (key) unfinishedUploads.forget(key);
  return state.file;
}

/** '2 min left', '15 s left'; empty until known. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds >= 3600) return `About ${Math.round(seconds / 3600)} h left`;
  if (seconds >= 90) return `About ${Math.round(seconds / 60)} min left`;
  return `About ${Math.max(1, Math.round(seconds))} s left`;
}

import { type ApiClient, ApiError, type LessonMediaKind, type LessonUploadState, type UploadedLessonFile } from '@school/contracts';

export interface UploadProgress {
  sent: number;
  total: number;
  /** Seconds left at the speed so far; null until it can be told. */
  secondsLeft: number | null;
  /** The connection dropped and the upload waits to resume. */
  reconnecting: boolean;
}

/** Worth another try from where the API stands: a dropped connection, a server error, a chunk from the wrong place. */
const retryable = (e: unknown) => !(e instanceof ApiError) || e.status >= 500 || e.status === 409 || e.status === 0;

/**
 * Uploads a lesson file in the API's chunks. After a dropped connection it asks the API how many
 * bytes arrived and goes on from there (waiting longer each time, up to `maxRetries` in a row).
 */
export async function uploadLessonMedia(
  client: ApiClient,
  kind: LessonMediaKind,
  file: File,
  onProgress: (p: UploadProgress) => void,
  { retryDelayMs = 1000, maxRetries = 30 }: { retryDelayMs?: number; maxRetries?: number } = {},
): Promise<UploadedLessonFile> {
  let state: LessonUploadState = await client.call('lessonUploadStart', { body: { kind, file_name: file.name, size_bytes: file.size } });
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
      if (!retryable(e) || ++failures > maxRetries) throw e;
      report(true);
      await new Promise((r) => setTimeout(r, Math.min(retryDelayMs * failures, 10 * retryDelayMs)));
      try {
        state = await client.call('lessonUploadState', { params: { uploadId: state.id_slug } });
      } catch (again) {
        if (!retryable(again)) throw again;
      }
    }
  }
  return state.file;
}

/** '2 min left', '15 s left'; empty until known. */
export function timeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds >= 3600) return `About ${Math.round(seconds / 3600)} h left`;
  if (seconds >= 90) return `About ${Math.round(seconds / 60)} min left`;
  return `About ${Math.max(1, Math.round(seconds))} s left`;
}

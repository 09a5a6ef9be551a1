import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';

/** What a lesson media upload is: the lesson's mp4 video, its WebVTT captions, or a PDF reading. */
export const LESSON_MEDIA_KINDS = ['video', 'captions', 'reading'] as const;
export const LessonMediaKindSchema = z.enum(LESSON_MEDIA_KINDS, { error: 'Kind must be video, captions or reading' });
export type LessonMediaKind = z.infer<typeof LessonMediaKindSchema>;

const MB = 1024 * 1024;
/** The largest file of each kind, in bytes: a video up to 2 GB, a reading 100 MB, captions 2 MB. */
export const LESSON_MEDIA_MAX_BYTES: Record<LessonMediaKind, number> = {
  video: 2 * 1024 * MB,
  reading: 100 * MB,
  captions: 2 * MB,
};

/** The limit as people read it, e.g. '2 GB'. */
export function formatMediaLimit(bytes: number): string {
  return bytes >= 1024 * MB ? `${bytes / (1024 * MB)} GB` : `${bytes / MB} MB`;
}

export const StartLessonUploadSchema = z.strictObject({
  kind: LessonMediaKindSchema,
  file_name: plainText(255).min(1, { error: 'File name is required' }),
  size_bytes: z.number({ error: 'size_bytes is required' }).int().positive({ error: 'The file is empty' }),
});
export type StartLessonUpload = z.infer<typeof StartLessonUploadSchema>;

/** A finished upload: the stored file lessons refer to (`video_lecture_id_slug`, `reading_pdf_id_slugs`...). */
export const UploadedLessonFileSchema = z.object({
  id_slug: z.string(),
  original_name: z.string(),
  /** A video's length in seconds, read from its mp4 header; null for other kinds. */
  duration_seconds: z.number().nullable(),
});
export type UploadedLessonFile = z.infer<typeof UploadedLessonFileSchema>;

/** Where an upload stands: the next byte the API expects (`offset`) and, once complete, its file. */
export const LessonUploadStateSchema = z.object({
  id_slug: z.string(),
  kind: LessonMediaKindSchema,
  size_bytes: z.number().int(),
  /** Send the file in chunks of exactly this size (the last one may be shorter). */
  chunk_size: z.number().int(),
  offset: z.number().int(),
  file: UploadedLessonFileSchema.nullable(),
});
export type LessonUploadState = z.infer<typeof LessonUploadStateSchema>;

export const LessonUploadParamsSchema = z.strictObject({ uploadId: IdSlugSchema });
export const LessonUploadChunkParamsSchema = z.strictObject({
  uploadId: IdSlugSchema,
  offset: z.coerce.number({ error: 'Offset must be a number' }).int({ error: 'Offset must be a whole number' }).min(0),
});

import { defineRoutes } from '../common/route';
import {
  LessonUploadChunkParamsSchema,
  LessonUploadParamsSchema,
  LessonUploadStateSchema,
  StartLessonUploadSchema,
} from './lesson-media.schemas';

/**
 * Resumable uploads of lesson media (admins only): start an upload, send its chunks in order
 * (each PUT carries the raw bytes from `offset`), ask where it stands after a dropped connection
 * and go on from there. The last chunk stores the file and answers it.
 */
export const lessonMediaRoutes = defineRoutes({
  lessonUploadStart: {
    method: 'POST',
    path: 'lessons/media/uploads/',
    body: StartLessonUploadSchema,
    response: LessonUploadStateSchema,
    auth: 'admin',
    successStatus: 201,
    summary: 'Start a resumable upload of a lesson video, captions or reading',
  },
  lessonUploadState: {
    method: 'GET',
    path: 'lessons/media/uploads/:uploadId',
    params: LessonUploadParamsSchema,
    response: LessonUploadStateSchema,
    auth: 'admin',
    summary: 'How many bytes of an upload the API holds (where to resume)',
  },
  lessonUploadChunk: {
    method: 'PUT',
    path: 'lessons/media/uploads/:uploadId/chunks/:offset',
    params: LessonUploadChunkParamsSchema,
    response: LessonUploadStateSchema,
    auth: 'admin',
    requestType: 'binary',
    summary: 'Send the chunk that starts at offset (application/octet-stream, Content-Length required)',
  },
});

import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StorageService } from '../../platform/storage/storage.service';
import { UploadSweeps } from '../../platform/storage/upload-sweeps';
import * as sql from './lesson-media.queries';

/** How long an unfinished upload may wait for its next chunk, and a finished one for its lesson. */
export const UNUSED_LESSON_MEDIA_AGE = '24 hours';
/** The advisory lock that lets one lesson media sweep at a time run, whoever started it. */
const SWEEP_LOCK = 'lesson_media_uploads:sweep';

/**
 * Part of the hourly `sweep-orphan-uploads` job: removes lesson uploads left unfinished for a day
 * (their bytes so far: the partial file on disk, or the parts of the S3 multipart upload, which is
 * aborted) and the finished lesson media no lesson uses a day after its upload (a lesson added and
 * never saved, a video replaced or a lesson deleted). An unfinished upload's row goes only once its
 * parts are gone, so a failed abort is tried again next time. A finished file's row goes first,
 * then its bytes: a crash in between leaves bytes nobody can reach, never a row pointing at nothing.
 */
@Injectable()
export class LessonMediaSweeper {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(UploadSweeps) sweeps: UploadSweeps,
  ) {
    sweeps.register('lesson media', () => this.sweep());
  }

  /** One sweep; answers how many uploads and files it removed (0 when another process holds the lock). */
  async sweep(): Promise<number> {
    const failures: unknown[] = [];
    const { aborted, files } = await this.ds.transaction(async (m) => {
      if (!(await sql.tryLock(m, SWEEP_LOCK))) return { aborted: 0, files: [] };
      const done: string[] = [];
      for (const upload of await sql.staleUploads(m, UNUSED_LESSON_MEDIA_AGE)) {
        try {
          await this.storage.adapter(upload.backend).abortParts(upload.storage_key, upload.multipart_upload_id);
          done.push(upload.id);
        } catch (e) {
          failures.push(e);
        }
      }
      if (done.length) await sql.deleteUploads(m, done);
      return { aborted: done.length, files: await sql.deleteUnusedMedia(m, UNUSED_LESSON_MEDIA_AGE) };
    });
    for (const file of files) {
      try {
        await this.storage.adapter(file.backend).remove(file.storage_key);
      } catch (e) {
        failures.push(e);
      }
    }
    const removed = aborted + files.length;
    if (removed) Logger.log(`Removed ${aborted} unfinished lesson upload(s) and ${files.length} unused lesson file(s)`, 'Uploads');
    if (failures.length) throw failures[0];
    return removed;
  }
}

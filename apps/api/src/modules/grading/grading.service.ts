import { HttpException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  GRADE_REQUIRED_MESSAGE,
  type GradeSubmission,
  type GradingItemsResponse,
  type GradingQueueResponse,
  type GradingSubmission,
  isReleased,
  PREVIEW_MAX_BYTES,
} from '@school/contracts';
import { posix } from 'node:path';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { JobsService } from '../../platform/jobs/jobs.service';
import { CertificatesService } from '../certificates';
import { NotificationsService } from '../notifications';
import { StorageService } from '../../platform/storage/storage.service';
import {
  gradingItems,
  gradingQueue,
  gradingSubmission,
  type GradingSubmissionRow,
  releaseDueGrades,
  saveGrade,
} from './grading-queue.queries';
import { type PreviewKind, PreviewRefused, previewKind, readZipEntry } from './zip-preview';
import { NOT_AVAILABLE, RELEASE_GRADES_JOB, rubricGrade, graderOf } from './grading-rules';

/**
 * The grading queue: graders are admins, and instructors on the cohorts they teach; anything else is
 * the same 404 as a missing record. Grades are released to students by a job once results open.
 */
@Injectable()
export class GradingService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
  ) {
    jobs.define({
      name: RELEASE_GRADES_JOB,
      cron: '* * * * *',
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.releaseDue(),
    });
  }

  async items(me: AuthUser, cohortSlug: string): Promise<GradingItemsResponse> {
    const row = await gradingItems(this.db, cohortSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as GradingItemsResponse;
  }

  async queue(me: AuthUser, itemSlug: string): Promise<GradingQueueResponse> {
    const row = await gradingQueue(this.db, itemSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as unknown as GradingQueueResponse;
  }

  async submission(me: AuthUser, submissionSlug: string): Promise<GradingSubmission> {
    const row = await gradingSubmission(this.db, submissionSlug, ...graderOf(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return this.toGradingSubmission(row);
  }

  private toGradingSubmission(row: GradingSubmissionRow): GradingSubmission {
    return {
      ...(row.entry as Omit<GradingSubmission, 'grade_item_id_slug'>),
      grade_item_id_slug: row.grade_slug,
      lesson_title: row.lesson_title,
      file_name: row.file_name,
      size_bytes: Number(row.size_bytes),
      files: row.files,
      download_url: row.file_id_slug ? this.storage.signedUrl(row.file_id_slug, { download: true }) : '',
      rubric: row.project_group?.rubric ?? [],
      rubric_scores: row.rubric_scores,
      feedback: row.feedback,
      graded_at: row.graded_at,
    };
  }

  /**
   * One file inside a submission's archive for the inline preview: only a path the hand-in's
   * inspection listed, read through the archive's central directory, capped in size, and only
   * when it is a PDF or UTF-8 text (the controller sends it as such, never as HTML).
   */
  async preview(me: AuthUser, submissionSlug: string, path: string): Promise<{ data: Buffer; kind: PreviewKind; name: string }> {
    const row = await gradingSubmission(this.db, submissionSlug, ...graderOf(me));
    if (!row || !row.file_id_slug || !row.files.some((f) => f.path === path)) throw new NotFoundException(NOT_AVAILABLE);
    const file = await this.storage.find(row.file_id_slug);
    const zip = file && (await this.storage.read(file));
    if (!zip) throw new NotFoundException(NOT_AVAILABLE);
    let data: Buffer;
    try {
      // A PDF or text hand-in is the file itself (its one listed path); a zip's file is read from the archive.
      data = zip.subarray(0, 2).toString('latin1') === 'PK' ? await readZipEntry(zip, path) : wholeFileForPreview(zip);
    } catch (e) {
      if (!(e instanceof PreviewRefused)) throw e;
      throw new HttpException({ message: e.message, errors: { path: e.message } }, e.status);
    }
    const kind = previewKind(data);
    if (!kind) {
      const message = 'Only text and PDF files are previewed; download the archive to open this one.';
      throw new HttpException({ message, errors: { path: message } }, 415);
    }
    return { data, kind, name: posix.basename(path) };
  }

  /** Grades a hand-in; when its results are open already the student is told at once, otherwise at the result date. */
  async grade(me: AuthUser, submissionSlug: string, body: GradeSubmission): Promise<GradingSubmission> {
    const [userId, admin] = graderOf(me);
    await this.db.transaction(async (m) => {
      const row = await gradingSubmission(m, submissionSlug, userId, admin, true);
      if (!row) throw new NotFoundException(NOT_AVAILABLE);
      const rubric = row.project_group?.rubric ?? [];
      const unknown = body.rubric_scores.find((s) => !rubric.some((c) => c.id === s.criterion_id && c.levels[s.level_index]));
      if (unknown) {
        throw new UnprocessableEntityException({
          message: 'Unknown rubric criterion or level',
          errors: { rubric_scores: 'Unknown rubric criterion or level' },
        });
      }
      const grade = rubric.length ? rubricGrade(rubric, body.rubric_scores) : body.user_grade;
      if (grade === null)
        throw new UnprocessableEntityException({ message: GRADE_REQUIRED_MESSAGE, errors: { rubric_scores: GRADE_REQUIRED_MESSAGE } });
      const release = isReleased(row.result_ms, row.now_ms);
      const released = await saveGrade(m, {
        gradeId: row.grade_id,
        userId: row.user_id,
        grade,
        scores: body.rubric_scores,
        feedback: body.feedback,
        gradedBy: me.id,
        release,
      });
      if (released) await this.notifications.gradeReleased(m, released);
      // A saved grade (released or not yet) may change whether certificates are earned.
      await this.certificates.queueEvaluation(m, [row.cohort_id]);
    });
    return this.submission(me, submissionSlug);
  }

  /** The scheduled release: grades whose result date has come are marked released, each with its notification. */
  async releaseDue(): Promise<number> {
    return this.db.transaction(async (m) => {
      const due = await releaseDueGrades(m);
      await this.notifications.gradesReleased(
        m,
        due.map((d) => d.id),
      );
      await this.certificates.queueEvaluation(
        m,
        due.map((d) => d.cohort_id),
      );
      return due.length;
    });
  }
}

function wholeFileForPreview(data: Buffer): Buffer {
  if (data.length > PREVIEW_MAX_BYTES) throw new PreviewRefused(413, 'This file is too large to preview; download it to open it.');
  return data;
}

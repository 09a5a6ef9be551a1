import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  DEFAULT_PROJECT_MAX_BYTES,
  isReleased,
  type ProjectView,
  studentGradeStatuses,
  SUBMISSION_CLOSED_MESSAGE,
  submissionWindow,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { CertificatesService } from '../certificates';
import { StorageService } from '../../platform/storage/storage.service';
import {
  deleteStoredFile,
  lockUserGrade,
  saveSubmission,
  storedFileNames,
  studentProject,
  type StudentProjectRow,
} from './project-hand-in.queries';
import { fileTooLargeMessage, receiveUpload, type ReceivedUpload } from '../../common/upload';
import { checkProjectFile, CONTENT_TYPES } from './project-file-types';
import { DEFAULT_ZIP_LIMITS, ZipRejected } from './zip-inspection';
import { NOT_AVAILABLE, SUSPENDED_SUBMIT_MESSAGE, ACCESS_ENDED_SUBMIT_MESSAGE, timesOf } from './grading-rules';

/**
 * Project hand-ins: a student reaches only their own hand-in, in a cohort they are enrolled in;
 * anything else is the same 404 as a missing record.
 */
@Injectable()
export class ProjectHandInService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
  ) {}

  async projectView(me: AuthUser, cohortSlug: string, lessonSlug: string): Promise<ProjectView> {
    const row = await studentProject(this.db, cohortSlug, lessonSlug, me.id_slug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return this.toProjectView(row);
  }

  private async toProjectView(row: StudentProjectRow): Promise<ProjectView> {
    const group = row.project_group ?? {};
    // A grade set by hand is a grade too (even before a hand-in or any grading), shown from the result date like any other.
    // The hand-in window is the computed grade's alone.
    const byHand = row.override_grade !== null;
    const facts = { ...timesOf(row), submitted: row.submission !== null, graded: row.user_submission_status === 'GRADED' };
    const released = (facts.graded || byHand) && isReleased(row.result_ms, row.now_ms);
    const statuses = studentGradeStatuses({ ...facts, graded: facts.graded || byHand, released });
    const window = submissionWindow(facts);
    const fileIds = group.instructions_file_ids ?? [];
    const names = fileIds.length ? await storedFileNames(this.db, fileIds) : [];
    return {
      lesson_title: row.lesson_title,
      project: {
        instructions: group.instructions ?? '',
        instructions_files: names.map((f) => ({ name: f.original_name, url: this.storage.signedUrl(f.id_slug) })),
        accepted_types: group.accepted_types ?? ['.zip'],
        max_size_bytes: group.max_size_bytes ?? DEFAULT_PROJECT_MAX_BYTES,
        rubric: group.rubric ?? [],
      },
      grade_item: {
        id_slug: row.grade_slug,
        open_datetime: row.open_datetime,
        deadline_datetime: row.deadline_datetime,
        late_deadline_datetime: row.late_deadline_datetime,
        result_open_datetime: row.result_open_datetime,
        is_mandatory: row.is_mandatory,
        grade_percentage: Number(row.grade_percentage),
        ...statuses,
        can_submit: window.allowed && row.enrolment_status === 'ACTIVE' && !row.access_ended,
        extension: row.extension,
        late_policy: { late_penalty_per_day: row.late_penalty_per_day, late_score_cap: row.late_score_cap },
        submit_is_late: window.allowed && window.late,
      },
      submission: row.submission && {
        id_slug: row.submission.id_slug,
        file_name: row.submission.file_name,
        size_bytes: Number(row.submission.size_bytes),
        files: row.submission.files,
        submitted_at: row.submission.submitted_at,
        is_late: row.submission.is_late,
        download_url: row.submission.file_id_slug ? this.storage.signedUrl(row.submission.file_id_slug, { download: true }) : '',
      },
      result: released
        ? {
            user_grade: byHand ? row.override_grade : row.final_grade,
            set_by_hand: byHand,
            // A grade set by hand is the grade, with nothing 'before' it to show the student.
            original_grade: row.user_grade === null || byHand ? null : Number(row.user_grade),
            days_late: row.days_late,
            feedback: row.feedback,
            rubric_scores: row.rubric_scores,
          }
        : null,
    };
  }

  /**
   * A hand-in. The window is checked before a byte of the body is read, and again under the lock
   * of the student's grade row once the file has been inspected and stored; a refused file is
   * never stored, a replaced one is deleted.
   */
  async submitProject(me: AuthUser, cohortSlug: string, lessonSlug: string, req: Request, res: Response): Promise<ProjectView> {
    const row = await studentProject(this.db, cohortSlug, lessonSlug, me.id_slug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    this.assertMaySubmit(row);
    const maxBytes = row.project_group?.max_size_bytes ?? DEFAULT_PROJECT_MAX_BYTES;
    // Streamed to a file of its own, inspected from there, and deleted once kept or refused.
    const file = await receiveUpload(req, res, maxBytes, this.storage.incomingDirectory);
    return this.handIn(me, cohortSlug, lessonSlug, row, file);
  }

  /**
   * Keeps a received file as the student's hand-in (the upload's second half, also how the demo
   * seed hands in): checked by content against the project's types, stored, and recorded under
   * the lock of the student's grade row. The received file is removed whatever happens.
   */
  async handInFile(me: AuthUser, cohortSlug: string, lessonSlug: string, file: ReceivedUpload): Promise<ProjectView> {
    const row = await studentProject(this.db, cohortSlug, lessonSlug, me.id_slug);
    try {
      if (!row) throw new NotFoundException(NOT_AVAILABLE);
      this.assertMaySubmit(row);
      const maxBytes = row.project_group?.max_size_bytes ?? DEFAULT_PROJECT_MAX_BYTES;
      if (file.size > maxBytes) {
        const message = fileTooLargeMessage(maxBytes);
        throw new BadRequestException({ message, errors: { file: message } });
      }
    } catch (e) {
      await file.remove();
      throw e;
    }
    return this.handIn(me, cohortSlug, lessonSlug, row, file);
  }

  private async handIn(
    me: AuthUser,
    cohortSlug: string,
    lessonSlug: string,
    row: StudentProjectRow,
    file: ReceivedUpload,
  ): Promise<ProjectView> {
    const maxBytes = row.project_group?.max_size_bytes ?? DEFAULT_PROJECT_MAX_BYTES;
    let entries;
    let stored;
    let checked;
    try {
      try {
        // An archive may unpack to at most 20 times what the project lets students upload.
        checked = await checkProjectFile(
          file.path,
          file.originalname || 'project.zip',
          file.size,
          row.project_group?.accepted_types ?? ['.zip'],
          {
            ...DEFAULT_ZIP_LIMITS,
            maxTotalUncompressedBytes: Math.min(DEFAULT_ZIP_LIMITS.maxTotalUncompressedBytes, 20 * maxBytes),
          },
        );
      } catch (e) {
        if (e instanceof ZipRejected) throw new BadRequestException({ message: e.message, errors: { file: e.message } });
        throw e;
      }
      entries = checked.entries;
      const originalName = (file.originalname || 'project.zip').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 200);
      stored = await this.storage.saveFile(file.path, {
        originalName: originalName.toLowerCase().endsWith(checked.type) ? originalName : `${originalName}${checked.type}`,
        contentType: CONTENT_TYPES[checked.type],
        purpose: 'project-submission',
        uploadedBy: me.id,
      });
    } finally {
      await file.remove();
    }
    const removed: string[] = [];
    try {
      await this.db.transaction(async (m) => {
        const locked = await studentProject(m, cohortSlug, lessonSlug, me.id_slug, true);
        if (!locked) throw new NotFoundException(NOT_AVAILABLE);
        await lockUserGrade(m, locked.grade_id, locked.user_id);
        const current = await studentProject(m, cohortSlug, lessonSlug, me.id_slug);
        const window = this.assertMaySubmit(current!);
        const previous = await saveSubmission(m, {
          gradeId: locked.grade_id,
          userId: locked.user_id,
          fileIdSlug: stored.id_slug,
          fileName: stored.original_name,
          size: file.size,
          files: entries,
          late: window.late,
        });
        if (previous) {
          const key = await deleteStoredFile(m, previous);
          if (key) removed.push(key);
        }
        // The hand-in completed the lesson, which may earn a certificate.
        await this.certificates.queueEvaluation(m, [locked.cohort_id]);
      });
    } catch (e) {
      const key = await deleteStoredFile(this.db, stored.id_slug);
      if (key) await this.storage.removeFiles([key]);
      throw e;
    }
    await this.storage.removeFiles(removed);
    return this.projectView(me, cohortSlug, lessonSlug);
  }

  private assertMaySubmit(row: StudentProjectRow): { late: boolean } {
    if (row.access_ended) throw new ForbiddenException(ACCESS_ENDED_SUBMIT_MESSAGE);
    if (row.enrolment_status !== 'ACTIVE') throw new ForbiddenException(SUSPENDED_SUBMIT_MESSAGE);
    const window = submissionWindow({
      ...timesOf(row),
      submitted: row.submission !== null,
      graded: row.user_submission_status === 'GRADED',
    });
    if (!window.allowed) throw new ForbiddenException(SUBMISSION_CLOSED_MESSAGE);
    return window;
  }
}

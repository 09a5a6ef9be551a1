import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  type AdminProjectSettings,
  type CohortGradeLesson,
  closesAt,
  DEFAULT_PROJECT_MAX_BYTES,
  PDF_REQUIRED_MESSAGE,
  PROJECT_PDF_MAX_BYTES,
  ProjectSettingsSchema,
  GRADE_REQUIRED_MESSAGE,
  type GradeExtensions,
  type GradeItemSettings,
  type CreateRubricTemplate,
  type GradeOverride,
  type GradeOverrideEntry,
  NO_OVERRIDE_MESSAGE,
  OVERRIDE_UNCHANGED_MESSAGE,
  type Gradebook,
  type GrantExtension,
  type GradeState,
  gradeState,
  type GradeSubmission,
  type GradingItemsResponse,
  type GradingQueueResponse,
  type GradingSubmission,
  isReleased,
  type ProjectSettings,
  type ProjectView,
  type RubricCriterion,
  type RubricScore,
  studentGradeStatuses,
  SUBMISSION_CLOSED_MESSAGE,
  submissionWindow,
  weightedTotal,
  PREVIEW_MAX_BYTES,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { posix } from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { toCsv } from '../../common/csv/csv';
import { JobsService } from '../../platform/jobs/jobs.service';
import { CertificatesService } from '../certificates';
import { NotificationsService } from '../notifications';
import { StorageService } from '../../platform/storage/storage.service';
import { QuizzesService } from '../quizzes';
import {
  cohortGradeLessons,
  deleteExtension,
  deleteStoredFile,
  enrolledStudents,
  gradebook,
  gradeExtensions,
  lockExtensionForStaff,
  lockGradeItemForStaff,
  remarkLateHandIns,
  upsertExtensions,
  gradingItems,
  gradingQueue,
  gradingSubmission,
  type GradingSubmissionRow,
  insertOverrideEntry,
  insertRubricTemplate,
  rubricTemplates,
  lockOverrideTarget,
  overrideLog,
  type ItemTimes,
  lockUserGrade,
  projectLesson,
  releaseDueGrades,
  saveGrade,
  saveSubmission,
  storedFileNames,
  storedFilesOfPurpose,
  studentProject,
  type StaffGradeItem,
  type StudentProjectRow,
  updateProjectSettings,
  shareDefaultWeights,
  upsertGradeItem,
} from './grading.queries';
import { fileTooLargeMessage, readUpload, receiveUpload, type ReceivedUpload } from './project-upload';
import { checkProjectFile, CONTENT_TYPES } from './project-file-types';
import { DEFAULT_ZIP_LIMITS, ZipRejected } from './zip-inspection';
import { type PreviewKind, PreviewRefused, previewKind, readZipEntry } from './zip-preview';

export const PROJECT_INSTRUCTIONS_PURPOSE = 'project-instructions';
export const NOT_AVAILABLE = 'This content is not available right now.';
export const RELEASE_GRADES_JOB = 'release-due-grades';
export const SUSPENDED_SUBMIT_MESSAGE = 'Your enrolment in this class is suspended, so you cannot hand in work.';
export const ACCESS_ENDED_SUBMIT_MESSAGE = 'This class has ended, so work can no longer be handed in.';

/** A result date earlier than the time submissions close is refused with this message. */
export const resultBeforeDeadlineMessage = (late: boolean) =>
  late ? 'The result date cannot be before the late deadline' : 'The result date cannot be before the deadline';

const timesOf = (t: ItemTimes) => ({ now: t.now_ms, opensAt: t.opens_ms, deadline: t.deadline_ms, lateDeadline: t.late_deadline_ms });

/** The rubric's grade: its points over the most each criterion can give, 0-100 to two decimals. */
export function rubricGrade(rubric: RubricCriterion[], scores: RubricScore[]): number | null {
  if (!rubric.length) return null;
  let got = 0;
  let max = 0;
  for (const c of rubric) {
    const score = scores.find((s) => s.criterion_id === c.id);
    if (!score || !c.levels[score.level_index]) return null;
    got += c.levels[score.level_index].points;
    max += Math.max(...c.levels.map((l) => l.points));
  }
  return max > 0 ? Math.round((got / max) * 10_000) / 100 : 0;
}

/**
 * Project hand-ins and grading. Students reach only their own hand-in, in a cohort they are
 * enrolled in; graders are admins, and instructors on the cohorts they teach; anything else is
 * the same 404 as a missing record.
 */
@Injectable()
export class GradingService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
    @Inject(QuizzesService) private readonly quizzes: QuizzesService,
  ) {
    jobs.define({
      name: RELEASE_GRADES_JOB,
      cron: '* * * * *',
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.releaseDue(),
    });
  }

  // ---- students --------------------------------------------------------------

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

  // ---- graders ---------------------------------------------------------------

  private grader(me: AuthUser): [string, boolean] {
    if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
    return [me.id, me.role === 'ADMIN'];
  }

  async items(me: AuthUser, cohortSlug: string): Promise<GradingItemsResponse> {
    const row = await gradingItems(this.db, cohortSlug, ...this.grader(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as GradingItemsResponse;
  }

  async queue(me: AuthUser, itemSlug: string): Promise<GradingQueueResponse> {
    const row = await gradingQueue(this.db, itemSlug, ...this.grader(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as unknown as GradingQueueResponse;
  }

  async submission(me: AuthUser, submissionSlug: string): Promise<GradingSubmission> {
    const row = await gradingSubmission(this.db, submissionSlug, ...this.grader(me));
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
    const row = await gradingSubmission(this.db, submissionSlug, ...this.grader(me));
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
    const [userId, admin] = this.grader(me);
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

  async gradebook(me: AuthUser, cohortSlug: string, status?: GradeState): Promise<Gradebook> {
    const row = await gradebook(this.db, cohortSlug, ...this.grader(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    const students = row.students.map((s) => {
      const byItem = new Map(s.grades.map((g) => [g.item, g]));
      const grades = row.items.map((item) => {
        const g = byItem.get(item.id_slug);
        const state = gradeState({
          now: row.now_ms,
          opensAt: item.opens_ms,
          deadline: g?.deadline_ms ?? null,
          lateDeadline: g?.late_deadline_ms ?? null,
          submitted: g?.submitted ?? false,
          graded: g?.graded ?? false,
        });
        // After any late penalty; the computed grade stays beside it, and a grade set by hand counts in place of both.
        return {
          state,
          user_grade: g?.graded ? g.final_grade : null,
          is_late: g?.is_late ?? false,
          original_grade: g?.graded ? g.user_grade : null,
          days_late: g?.days_late ?? 0,
          extended: g?.extended ?? false,
          override: g?.override ?? null,
        };
      });
      return {
        id_slug: s.id_slug,
        first_name: s.first_name,
        last_name: s.last_name,
        email: s.email,
        grades,
        // A grade set by hand counts in place of the computed one, and as graded.
        weighted_total: weightedTotal(
          row.items.map((item, i) => ({ weight: item.grade_percentage, grade: grades[i].override?.grade ?? grades[i].user_grade })),
        ),
        missing_mandatory: row.items.filter((item, i) => item.is_mandatory && grades[i].state !== 'GRADED' && !grades[i].override).length,
      };
    });
    return {
      cohort: row.cohort,
      items: row.items.map(({ id_slug, lesson_title, is_mandatory, grade_percentage, late_penalty_per_day, late_score_cap }) => ({
        id_slug,
        lesson_title,
        is_mandatory,
        grade_percentage,
        late_penalty_per_day,
        late_score_cap,
      })),
      students: status ? students.filter((s) => s.grades.some((g) => g.state === status)) : students,
    };
  }

  async gradebookCsv(me: AuthUser, cohortSlug: string, status?: GradeState): Promise<string> {
    const book = await this.gradebook(me, cohortSlug, status);
    const header = [
      'First name',
      'Last name',
      'Email',
      ...book.items.flatMap((i) => [
        `${i.lesson_title} (${i.grade_percentage}%${i.is_mandatory ? ', mandatory' : ''})`,
        `${i.lesson_title} status`,
        // Items that charge late work also give the grade before the charge.
        ...(charges(i) ? [`${i.lesson_title} before late penalty`] : []),
      ]),
      'Weighted total',
      'Mandatory items not graded',
      'Grades set by hand',
    ];
    return toCsv(
      header,
      book.students.map((s) => [
        s.first_name,
        s.last_name,
        s.email,
        // The grade that counts: set by hand, else after any late penalty (the computed one is in the last column).
        ...s.grades.flatMap((g, i) => [
          g.override?.grade ?? g.user_grade,
          g.is_late ? `${g.state} (late)` : g.state,
          ...(charges(book.items[i]) ? [g.original_grade] : []),
        ]),
        s.weighted_total,
        s.missing_mandatory,
        s.grades
          .map((g, i) =>
            g.override ? `${book.items[i].lesson_title}: ${g.override.grade} (computed ${computedText(g)}; ${g.override.reason})` : '',
          )
          .filter(Boolean)
          .join('; '),
      ]),
    );
  }

  /**
   * Sets or clears a student's grade for an item by hand. Each change is appended to the log with
   * who, the override before and after, the computed grade before and after any late penalty and the
   * reason, in one transaction with
   * the certificate evaluation it may change.
   */
  async setOverride(me: AuthUser, itemSlug: string, studentSlug: string, body: GradeOverride): Promise<GradeOverrideEntry> {
    const [userId, admin] = this.grader(me);
    return this.db.transaction(async (m) => {
      const cell = await lockOverrideTarget(m, itemSlug, userId, admin, studentSlug);
      if (!cell) throw new NotFoundException(NOT_AVAILABLE);
      if (body.grade === null && cell.current === null)
        throw new UnprocessableEntityException({ message: NO_OVERRIDE_MESSAGE, errors: { grade: NO_OVERRIDE_MESSAGE } });
      if (body.grade !== null && body.grade === cell.current)
        throw new UnprocessableEntityException({ message: OVERRIDE_UNCHANGED_MESSAGE, errors: { grade: OVERRIDE_UNCHANGED_MESSAGE } });
      const { entry } = await insertOverrideEntry(m, {
        gradeId: cell.grade_id,
        studentId: cell.student_id,
        previous: cell.current,
        grade: body.grade,
        computed: cell.computed_grade,
        penalised: cell.penalised_grade,
        reason: body.reason,
        by: userId,
      });
      await this.certificates.queueEvaluation(m, [cell.cohort_id]);
      return entry;
    });
  }

  async overrideLog(me: AuthUser, cohortSlug: string): Promise<{ data: GradeOverrideEntry[] }> {
    const row = await overrideLog(this.db, cohortSlug, ...this.grader(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row;
  }

  // ---- authoring -------------------------------------------------------------

  rubricTemplates() {
    return rubricTemplates(this.db);
  }

  createRubricTemplate(me: AuthUser, body: CreateRubricTemplate) {
    return insertRubricTemplate(this.db, body.title, body.rubric, me.id);
  }

  async projectSettings(lessonSlug: string): Promise<AdminProjectSettings> {
    const row = await projectLesson(this.db, lessonSlug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    // The group also holds the spec's other project fields; only the settings are read back.
    const parsed = ProjectSettingsSchema.strip().safeParse(row.project_group ?? {});
    const project = parsed.success ? parsed.data : ProjectSettingsSchema.parse({});
    const files = project.instructions_file_ids.length ? await storedFileNames(this.db, project.instructions_file_ids) : [];
    const byId = new Map(files.map((f) => [f.id_slug, f.original_name]));
    return {
      lesson_id_slug: row.id_slug,
      lesson_title: row.title,
      course_id_slug: row.course_id_slug,
      project,
      instructions_files: project.instructions_file_ids
        .filter((id) => byId.has(id))
        .map((id) => ({ id_slug: id, name: byId.get(id)!, url: this.storage.signedUrl(id) })),
    };
  }

  /** Stores a PDF for a project's instructions (checked by its content); the settings list it once saved. */
  async uploadProjectFile(lessonSlug: string, adminId: string, req: Request, res: Response) {
    if (!(await projectLesson(this.db, lessonSlug))) throw new NotFoundException(NOT_AVAILABLE);
    const file = await readUpload(req, res, PROJECT_PDF_MAX_BYTES);
    if (file.buffer.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new BadRequestException({ message: PDF_REQUIRED_MESSAGE, errors: { file: PDF_REQUIRED_MESSAGE } });
    const name = (file.originalname || 'instructions.pdf').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').slice(0, 200);
    const stored = await this.storage.save({
      data: file.buffer,
      originalName: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`,
      contentType: 'application/pdf',
      purpose: PROJECT_INSTRUCTIONS_PURPOSE,
      uploadedBy: adminId,
    });
    return { data: { id_slug: stored.id_slug, name: stored.original_name, url: this.storage.signedUrl(stored.id_slug) } };
  }

  async cohortGradeLessons(cohortSlug: string): Promise<{ data: CohortGradeLesson[] }> {
    const row = await cohortGradeLessons(this.db, cohortSlug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row as { data: CohortGradeLesson[] };
  }

  async updateProjectSettings(lessonSlug: string, settings: ProjectSettings) {
    const ids = settings.instructions_file_ids;
    if (ids.length) {
      const known = await storedFilesOfPurpose(this.db, ids, PROJECT_INSTRUCTIONS_PURPOSE);
      if (known.length !== new Set(ids).size) {
        const message = 'Unknown instructions file';
        throw new UnprocessableEntityException({ message, errors: { instructions_file_ids: message } });
      }
    }
    const row = await updateProjectSettings(this.db, lessonSlug, settings);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return { lesson_id_slug: row.id_slug, project: settings };
  }

  async updateGradeItem(cohortSlug: string, lessonSlug: string, s: GradeItemSettings) {
    if (
      s.late_deadline_datetime &&
      (!s.deadline_datetime ||
        closesAt({ deadline: Date.parse(s.deadline_datetime), lateDeadline: Date.parse(s.late_deadline_datetime) }) !==
          Date.parse(s.late_deadline_datetime))
    ) {
      throw new UnprocessableEntityException({
        message: 'The late deadline must come after the deadline',
        errors: { late_deadline_datetime: 'The late deadline must come after the deadline' },
      });
    }
    // Results (and a quiz's key) must not show while students can still hand in or start the item.
    const closes = closesAt({
      deadline: s.deadline_datetime ? Date.parse(s.deadline_datetime) : null,
      lateDeadline: s.late_deadline_datetime ? Date.parse(s.late_deadline_datetime) : null,
    });
    if (s.result_open_datetime && closes !== null && Date.parse(s.result_open_datetime) < closes) {
      const message = resultBeforeDeadlineMessage(s.late_deadline_datetime !== null);
      throw new BadRequestException({ message, errors: { result_open_datetime: message } });
    }
    // One transaction: the adjusted item no longer shares weight, the default ones share again.
    const row = await this.db.transaction(async (m) => {
      const saved = await upsertGradeItem(m, cohortSlug, lessonSlug, {
        open: s.open_datetime,
        deadline: s.deadline_datetime,
        late: s.late_deadline_datetime,
        result: s.result_open_datetime,
        mandatory: s.is_mandatory,
        weight: s.grade_percentage,
        perDay: s.late_penalty_per_day,
        cap: s.late_score_cap,
      });
      if (saved) await shareDefaultWeights(m, cohortSlug);
      return saved;
    });
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row;
  }

  // ---- extensions ------------------------------------------------------------

  async extensions(me: AuthUser, itemSlug: string): Promise<GradeExtensions> {
    const row = await gradeExtensions(this.db, itemSlug, ...this.grader(me));
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return row.data as GradeExtensions;
  }

  /**
   * Gives the chosen students the same extension in one transaction, the item locked against
   * hand-ins meanwhile: their project hand-ins are marked late or not against the new dates, and
   * their open quiz attempts take the new end with its deadline job.
   */
  async grantExtension(me: AuthUser, itemSlug: string, body: GrantExtension): Promise<GradeExtensions> {
    const [userId, admin] = this.grader(me);
    await this.db.transaction(async (m) => {
      const item = await lockGradeItemForStaff(m, itemSlug, userId, admin);
      if (!item) throw new NotFoundException(NOT_AVAILABLE);
      checkExtension(item, body);
      const slugs = [...new Set(body.user_id_slugs)];
      const students = await enrolledStudents(m, item.cohort_id, slugs);
      if (students.length !== slugs.length) refuse('user_id_slugs', 'A chosen student is not enrolled in this cohort');
      const ids = students.map((s) => s.id);
      await upsertExtensions(m, item.id, ids, {
        deadline: body.deadline_datetime,
        late: body.late_deadline_datetime,
        extraAttempts: body.extra_attempts,
        reason: body.reason,
        grantedBy: me.id,
      });
      await this.followDates(m, item.id, item.lesson_type, ids);
    });
    return this.extensions(me, itemSlug);
  }

  async removeExtension(me: AuthUser, extensionSlug: string): Promise<{ id_slug: string }> {
    const [userId, admin] = this.grader(me);
    await this.db.transaction(async (m) => {
      const x = await lockExtensionForStaff(m, extensionSlug, userId, admin);
      if (!x) throw new NotFoundException(NOT_AVAILABLE);
      await deleteExtension(m, x.id);
      await this.followDates(m, x.cohort_grade_id, x.lesson_type, [x.user_id]);
    });
    return { id_slug: extensionSlug };
  }

  private async followDates(m: EntityManager, gradeId: string, lessonType: string, userIds: string[]) {
    if (lessonType === 'QUIZ') await this.quizzes.followChangedDates(m, gradeId, userIds);
    else await remarkLateHandIns(m, gradeId, userIds);
  }
}

/** A gradebook cell's computed grade for the note beside an override: before, and after any late penalty. */
const computedText = (g: { user_grade: number | null; original_grade: number | null }) =>
  g.original_grade === null
    ? 'none'
    : g.user_grade !== null && g.user_grade !== g.original_grade
      ? `${g.original_grade}, ${g.user_grade} after the late penalty`
      : String(g.original_grade);

/** Whether a grade item charges late work. */
const charges = (i: { late_penalty_per_day: number | null; late_score_cap: number | null }) =>
  i.late_penalty_per_day !== null || i.late_score_cap !== null;

const refuse = (field: string, message: string): never => {
  throw new UnprocessableEntityException({ message, errors: { [field]: message } });
};

/** An extension only adds time (after the item's own dates) or quiz attempts, and must add something. */
function checkExtension(item: StaffGradeItem, e: GrantExtension): void {
  const deadline = e.deadline_datetime === null ? null : Date.parse(e.deadline_datetime);
  const late = e.late_deadline_datetime === null ? null : Date.parse(e.late_deadline_datetime);
  if (deadline === null && late === null && e.extra_attempts === 0)
    refuse('deadline_datetime', 'Give a new deadline, a late deadline or extra attempts');
  if (e.extra_attempts > 0 && item.lesson_type !== 'QUIZ')
    refuse('extra_attempts', 'Extra attempts are for quizzes; a project takes hand-ins until its deadline, so extend that instead');
  if ((deadline !== null || late !== null) && item.deadline_ms === null)
    refuse(deadline !== null ? 'deadline_datetime' : 'late_deadline_datetime', 'This grade item has no deadline to extend');
  if (deadline !== null && deadline <= item.deadline_ms!)
    refuse('deadline_datetime', "The new deadline must be after the grade item's deadline");
  if (late !== null && late < Math.max(deadline ?? item.deadline_ms!, item.deadline_ms!))
    refuse('late_deadline_datetime', 'The late deadline must come after the deadline');
}

function wholeFileForPreview(data: Buffer): Buffer {
  if (data.length > PREVIEW_MAX_BYTES) throw new PreviewRefused(413, 'This file is too large to preview; download it to open it.');
  return data;
}

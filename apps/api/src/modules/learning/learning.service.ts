import { ForbiddenException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { ACCESS_ENDED_MESSAGE, buildPath, routes, studentGradeStatuses, SUBMITTED_LESSON_MESSAGE } from '@school/contracts';
import type {
  CertificateDocumentResponse,
  LessonPositionResponse,
  CoursePart,
  LessonDetail,
  MarkLessonCompleteResponse,
  UserCohortEntry,
  UserCohortView,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { StorageService } from '../../platform/storage/storage.service';
import { AppConfig } from '../../config/app-config';
import { CertificatesService } from '../certificates';
import { buildCertificatePdf } from './certificate-document';
import type { JsonText } from '../../common/json-text';
import { CurriculumCache, type RunPrepared, userCohortViewJson } from './cohort-view';
import { preparedRows } from '../../common/sql/db';
import { followsBySlug } from '../coaching';
import {
  accessEnded,
  completedCertificate,
  keepCertificateDocument,
  lessonFileAccess,
  markLessonComplete,
  lessonPosition,
  saveLessonPosition,
} from './learning.queries';
import { USER_COHORTS_SQL } from './class-view.queries';
import { USER_COURSE_VIEW_SQL } from './course-view.queries';

/** The same answer for "not yours" and "does not exist", so ids cannot be probed. */
export const NOT_AVAILABLE = 'This content is not available right now.';
export const SUSPENDED_MESSAGE = 'Your enrolment in this class is suspended, so lessons cannot be marked complete.';

type RawLesson = Omit<LessonDetail, 'reading_pdf_id_slugs' | 'link_urls' | 'reading_files' | 'links' | 'video_captions_url'> & {
  video_captions_id_slug: string | null;
  reading_files: { id_slug: string; name: string }[];
  links: { url: string; file_id_slug: string | null; name: string | null }[];
  /** The facts a graded lesson's statuses are derived from; null when the lesson has no grade item. */
  grade_facts: {
    now_ms: number;
    opens_ms: number | null;
    deadline_ms: number | null;
    late_deadline_ms: number | null;
    released: boolean;
  } | null;
};
type RawCoursePart = Omit<CoursePart, 'modules'> & {
  modules: (Omit<CoursePart['modules'][number], 'lessons'> & { lessons: RawLesson[] })[];
};

const EXTERNAL_URL = /^https?:\/\//i;

/**
 * The signed-in student's classes. Every call answers only for the student themself (or an
 * admin), only for cohorts they are enrolled in as ACTIVE or SUSPENDED; anything else is the
 * same 404 as a missing record. After the cohort's end_access_date the class, its grades and its
 * certificates stay readable, while its lessons are locked (403 with ACCESS_ENDED_MESSAGE).
 */
@Injectable()
export class LearningService {
  /** Each cohort's curriculum, the same for all its students (see cohort-view.ts). */
  private readonly curricula = new CurriculumCache();
  private readonly runPrepared: RunPrepared = (name, text, values) => preparedRows(this.db, name, text, values);

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Students reach only their own data; staff roles other than ADMIN reach none of it. */
  private assertSelfOrAdmin(me: AuthUser, userIdSlug: string): void {
    if (me.role !== 'ADMIN' && me.id_slug !== userIdSlug) throw new NotFoundException(NOT_AVAILABLE);
  }

  async userCohorts(me: AuthUser, userIdSlug: string): Promise<UserCohortEntry[]> {
    this.assertSelfOrAdmin(me, userIdSlug);
    return preparedRows(this.db, 'learning.user-cohorts', USER_COHORTS_SQL, [userIdSlug]);
  }

  /** The whole cohort view, already serialised (see cohort-view.ts). */
  async cohortView(me: AuthUser, cohortIdSlug: string, userIdSlug: string): Promise<JsonText<UserCohortView>> {
    // An instructor coaching the trainee reads their cohort view too (the trainee page of the coach's home).
    const coach = me.role === 'INSTRUCTOR' && (await followsBySlug(this.db, me.id, cohortIdSlug, userIdSlug));
    if (!coach) this.assertSelfOrAdmin(me, userIdSlug);
    const view = await userCohortViewJson(this.runPrepared, this.curricula, cohortIdSlug, userIdSlug, me.id_slug === userIdSlug);
    if (!view) throw new NotFoundException(NOT_AVAILABLE);
    return view;
  }

  async courseView(me: AuthUser, cohortIdSlug: string, courseIdSlug: string, userIdSlug: string): Promise<CoursePart> {
    this.assertSelfOrAdmin(me, userIdSlug);
    const [row] = await preparedRows<{ course_part: RawCoursePart }>(this.db, 'learning.course-view', USER_COURSE_VIEW_SQL, [
      cohortIdSlug,
      courseIdSlug,
      userIdSlug,
      me.id_slug === userIdSlug,
    ]);
    if (!row) return this.notReadable(cohortIdSlug, userIdSlug);
    const course = row.course_part;
    return { ...course, modules: course.modules.map((m) => ({ ...m, lessons: m.lessons.map((l) => this.signLesson(l)) })) };
  }

  /** Captions, reading PDFs and stored link files become short-lived signed URLs; outside links must be http(s). */
  private signLesson({ video_captions_id_slug: captions, grade_facts: facts, ...raw }: RawLesson): LessonDetail {
    const lesson = withGradeStatuses(raw, facts);
    const readingFiles = lesson.reading_files.map((f) => ({
      name: f.name,
      url: this.storage.signedUrl(f.id_slug),
      download_url: this.storage.signedUrl(f.id_slug, { download: true }),
    }));
    const links = lesson.links
      .map((l) =>
        l.file_id_slug
          ? { title: l.name ?? 'Attachment', url: this.storage.signedUrl(l.file_id_slug), is_file: true }
          : { title: l.url, url: l.url, is_file: false },
      )
      .filter((l) => l.is_file || EXTERNAL_URL.test(l.url));
    return {
      ...lesson,
      video_captions_url: captions ? this.storage.signedUrl(captions) : null,
      reading_pdf_id_slugs: readingFiles.map((f) => f.url),
      reading_files: readingFiles,
      link_urls: links.map((l) => l.url),
      links,
    };
  }

  /**
   * A signed URL for a lesson video. `url` is the stored video's id (a storage prefix or path
   * in front of it is ignored); the video must belong to a lesson of a cohort the user may read.
   */
  async videoUrl(me: AuthUser, url: string): Promise<{ url: string }> {
    const idSlug = url.split('?')[0].split('/').filter(Boolean).pop() ?? '';
    const file = await lessonFileAccess(this.db, idSlug, me.id, me.role === 'ADMIN');
    if (!file) throw new NotFoundException(NOT_AVAILABLE);
    return { url: this.storage.signedUrl(file.id_slug) };
  }

  /** The student's place in a lesson video; the student or an admin may read it. */
  async lessonPosition(me: AuthUser, cohortIdSlug: string, lessonIdSlug: string, userIdSlug: string): Promise<LessonPositionResponse> {
    this.assertSelfOrAdmin(me, userIdSlug);
    const row = await lessonPosition(this.db, cohortIdSlug, lessonIdSlug, userIdSlug);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return { position_seconds: row.position_seconds };
  }

  /** Only the student keeps their own place (an admin's playback is not the student's). */
  async saveLessonPosition(
    me: AuthUser,
    cohortIdSlug: string,
    lessonIdSlug: string,
    userIdSlug: string,
    seconds: number,
  ): Promise<LessonPositionResponse> {
    if (me.id_slug !== userIdSlug) throw new NotFoundException(NOT_AVAILABLE);
    const row = await saveLessonPosition(this.db, cohortIdSlug, lessonIdSlug, userIdSlug, seconds);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return { position_seconds: row.position_seconds };
  }

  /** The class's lessons after its end_access_date are a 403 saying so; anything else unreadable is a 404. */
  private async notReadable(cohortIdSlug: string, userIdSlug: string): Promise<never> {
    const row = await accessEnded(this.db, cohortIdSlug, userIdSlug);
    if (row?.access_ended) throw new ForbiddenException(ACCESS_ENDED_MESSAGE);
    throw new NotFoundException(NOT_AVAILABLE);
  }

  /**
   * Idempotent, for videos and readings only (a quiz or project is a 422: it completes through its
   * attempt or submission); a SUSPENDED student and a class whose access ended are refused (403);
   * everything else not readable is a 404.
   */
  async markLessonComplete(
    me: AuthUser,
    cohortIdSlug: string,
    userIdSlug: string,
    lessonIdSlug: string,
  ): Promise<MarkLessonCompleteResponse> {
    this.assertSelfOrAdmin(me, userIdSlug);
    // A new completion may earn a certificate: its evaluation is queued in the same transaction.
    const row = await this.db.transaction(async (m) => {
      const done = await markLessonComplete(m, cohortIdSlug, userIdSlug, lessonIdSlug);
      if (done?.inserted) await this.certificates.queueEvaluation(m, [done.cohort_id]);
      return done;
    });
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    if (row.access_ended) throw new ForbiddenException(ACCESS_ENDED_MESSAGE);
    if (row.lesson_type === 'QUIZ' || row.lesson_type === 'PROJECT') throw new UnprocessableEntityException(SUBMITTED_LESSON_MESSAGE);
    if (row.enrolment_status !== 'ACTIVE') throw new ForbiddenException(SUSPENDED_MESSAGE);
    return { cohort_id_slug: row.cohort_id_slug };
  }

  /** The PDF of a completed certificate, made and stored on first request, then served signed. */
  async certificateDocument(
    me: AuthUser,
    cohortIdSlug: string,
    certificateIdSlug: string,
    userIdSlug: string,
  ): Promise<CertificateDocumentResponse> {
    this.assertSelfOrAdmin(me, userIdSlug);
    const cert = await completedCertificate(this.db, cohortIdSlug, certificateIdSlug, userIdSlug);
    if (!cert) throw new NotFoundException(NOT_AVAILABLE);
    let documentId: string | null = cert.document_id_slug;
    if (!documentId) {
      const studentName = `${cert.first_name} ${cert.last_name}`;
      const pdf = await buildCertificatePdf({
        title: cert.title,
        provider: cert.provider ?? [],
        studentName,
        cohortTitle: cert.cohort_title,
        completionDate: cert.completion_date,
        credentialId: cert.credential_id,
        verifyUrl: `${(this.config.WEB_ORIGIN ?? this.config.publicUrl).replace(/\/+$/, '')}/verify/${cert.credential_id}`,
      });
      // Letters with their combining marks (Tamil vowel signs, accents), digits and plain punctuation.
      const safeName = `${cert.title} - ${studentName}`.replace(/[^\p{L}\p{M}\p{N} .,&()-]+/gu, ' ').trim();
      const file = await this.storage.save({
        data: pdf,
        originalName: `${safeName}.pdf`,
        contentType: 'application/pdf',
        purpose: 'certificate',
      });
      // Two first requests at once may both build a PDF; the first recorded one wins.
      documentId = (await keepCertificateDocument(this.db, cert.id_slug, file.id_slug)) ?? file.id_slug;
    }
    return {
      url: this.storage.signedUrl(documentId!),
      download_url: this.storage.signedUrl(documentId!, { download: true }),
      badge_url: `/api/${buildPath(routes.credentialBadgeJson.path, { credentialId: cert.credential_id })}`,
      completion_date: cert.completion_date ? new Date(cert.completion_date).toISOString() : null,
    };
  }
}

/**
 * A graded lesson's statuses by the same rule as the cohort view (grade-status.ts): from the
 * item's dates and the student's hand-in at the time of the request, not the stored column. A
 * grade reads GRADED for the student only once its results open.
 */
function withGradeStatuses<L extends Pick<LessonDetail, 'cohort_grade' | 'user_cohort_grade'>>(
  lesson: L,
  facts: RawLesson['grade_facts'],
): L {
  if (!lesson.cohort_grade || !facts) return lesson;
  const stored = lesson.user_cohort_grade?.user_submission_status ?? 'PENDING';
  const graded = stored === 'GRADED';
  const statuses = studentGradeStatuses({
    now: facts.now_ms,
    opensAt: facts.opens_ms,
    deadline: facts.deadline_ms,
    lateDeadline: facts.late_deadline_ms,
    submitted: graded || stored === 'SUBMITTED',
    graded,
    released: graded && facts.released,
  });
  return {
    ...lesson,
    cohort_grade: { ...lesson.cohort_grade, submission_status: statuses.submission_status },
    user_cohort_grade: lesson.user_cohort_grade && {
      ...lesson.user_cohort_grade,
      user_submission_status: statuses.user_submission_status,
    },
  };
}

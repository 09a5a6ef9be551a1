import { randomInt } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  ACCESS_ENDED_MESSAGE,
  type FreeTextAnswer,
  QUIZ_BAD_ANSWER_MESSAGE,
  QUIZ_NO_ATTEMPTS_MESSAGE,
  QUIZ_NO_QUESTIONS_MESSAGE,
  QUIZ_NOT_OPEN_MESSAGE,
  QUIZ_SUBMITTED_MESSAGE,
  QUIZ_TIME_OVER_MESSAGE,
  type QuizAttempts,
  type QuizAuthoring,
  type QuizQuestionData,
  type QuizAttempt,
  type QuizSettings,
  type QuizPreviewDraw,
  type BankDraw,
  type SaveAnswers,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { JobsService } from '../../platform/jobs/jobs.service';
import { CertificatesService } from '../certificates';
import { type AuthoredLesson, authorLesson, NOT_AVAILABLE } from './quiz-access';
import { questionRecordOf, QuizToolsService } from './quiz-tools.service';
import { bankDrawsOf, bankQuestions, setBankDraws, sharedDraws } from './question-banks.queries';
import { drawQuestions } from './quiz-scoring';
import { scoreAndClose, submitAttempt } from './quiz-submission';
import { attemptView } from './quiz-view';
import { lockSession, recomputeGrade, saveAnswers, sessionState } from './quiz-answers.queries';
import { attemptsUsed, bank, insertSession, lockStartTarget, openSession, refixOpenAttemptDeadlines } from './quiz-attempts.queries';
import {
  taughtQuizLessons,
  quizOfLesson,
  quizGroupId,
  summariseLessonQuiz,
  upsertQuizGroup,
  writeBank,
  type AnswerKey,
} from './quiz-authoring.queries';
import { freeTextAnswers, gradableItem, lockAnswerToScore, scoreAnswerByHand } from './quiz-hand-grading.queries';
import { attempts, sessionView } from './quiz-session-view.queries';

export { NOT_A_QUIZ_MESSAGE, NOT_AVAILABLE } from './quiz-access';
export const SUSPENDED_QUIZ_MESSAGE = 'Your enrolment in this class is suspended, so quizzes cannot be started.';
export const QUIZ_AUTO_SUBMIT_JOB = 'quiz-auto-submit';

const DEFAULT_SETTINGS: QuizSettings = {
  time_limit_minutes: null,
  attempts_allowed: 1,
  pass_mark_percentage: null,
  shuffle_questions: false,
  shuffle_options: false,
  draw_count: null,
};

/** A stored question (key in `answer_key`) as authors read it. */
export function toAuthoredQuestion<Q extends { answer_key: AnswerKey }>({ answer_key: k, ...question }: Q) {
  return {
    ...question,
    correct_boolean: k.correct_boolean ?? null,
    correct_number: k.correct_number ?? null,
    tolerance: k.tolerance ?? null,
    accepted_answers: k.accepted_answers ?? [],
  };
}

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Quizzes: authoring of a QUIZ lesson's bank and settings; attempts whose deadline the server
 * holds (answers refused after it, the attempt submitted by a job at it even when no browser is
 * open); scoring of every kind but free text, which staff grade by hand; the result feeding the
 * lesson's grade item. Results and answer keys reach the student from the grade item's result date.
 */
@Injectable()
export class QuizzesService {
  private readonly logger = new Logger('Quizzes');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
    @Inject(QuizToolsService) private readonly tools: QuizToolsService,
  ) {
    jobs.define<{ session_id_slug: string }>({
      name: QUIZ_AUTO_SUBMIT_JOB,
      queue: { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 },
      handler: (data) => this.autoSubmit(data.session_id_slug),
    });
  }

  /** A submitted attempt completes its lesson and changes its grade: the cohort's certificates are evaluated again. */
  private evaluateCertificates(m: EntityManager) {
    return (cohortId: string) => this.certificates.queueEvaluation(m, [cohortId]);
  }

  // --- Authoring -------------------------------------------------------------------------

  private authorLesson(me: AuthUser, lessonIdSlug: string) {
    return authorLesson(this.db, me, lessonIdSlug);
  }

  /** The quiz lessons of the courses of the cohorts the user teaches (admins author from the curriculum). */
  async taughtLessons(me: AuthUser) {
    if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
    return taughtQuizLessons(this.db, me.id);
  }

  /** `q`: read within a transaction (an import answers the bank it wrote). */
  async authoring(me: AuthUser, lessonIdSlug: string, q: DataSource | EntityManager = this.db): Promise<QuizAuthoring> {
    const lesson = await this.authorLesson(me, lessonIdSlug);
    return this.readAuthoring(q, lesson);
  }

  /** A lesson's quiz as its authors see it (default settings and no questions before the first save). */
  async readAuthoring(q: DataSource | EntityManager, lesson: AuthoredLesson): Promise<QuizAuthoring> {
    const quiz = await quizOfLesson(q, lesson.lesson_id);
    const head = {
      lesson_id_slug: lesson.lesson_id_slug,
      lesson_title: lesson.lesson_title,
      course_id_slug: lesson.course_id_slug,
      course_title: lesson.course_title,
    };
    if (!quiz) return { id_slug: null, ...head, ...DEFAULT_SETTINGS, bank_draws: [], questions: [] };
    const { questions, group_id, ...settings } = quiz;
    return {
      ...settings,
      ...head,
      bank_draws: await bankDrawsOf(q, group_id),
      questions: questions.map(toAuthoredQuestion),
    };
  }

  /**
   * Saves settings and the whole bank in one transaction; the lesson's summary follows. With
   * `regrade`, every submitted attempt is scored again with the saved keys in the same transaction.
   */
  async save(
    me: AuthUser,
    lessonIdSlug: string,
    body: QuizSettings & { questions: QuizQuestionData[]; bank_draws?: BankDraw[]; regrade?: boolean },
  ): Promise<QuizAuthoring> {
    const lesson = await this.authorLesson(me, lessonIdSlug);
    return this.db.transaction(async (m) => {
      const group = (await upsertQuizGroup(m, lesson.lesson_id, body))!;
      const records = body.questions.map((q, ord) => questionRecordOf(q, ord));
      const known = records.filter((r) => r.id_slug !== null);
      if (new Set(known.map((r) => r.id_slug)).size !== known.length)
        throw new BadRequestException({ message: 'A question is listed twice.', errors: { questions: 'A question is listed twice.' } });
      const { matched } = await writeBank(m, group.id, records);
      if (matched !== known.length)
        throw new BadRequestException({
          message: 'A question of the list is not part of this quiz.',
          errors: { questions: 'A question of the list is not part of this quiz.' },
        });
      await summariseLessonQuiz(m, group.id);
      if (body.bank_draws) {
        const banksMatched = await setBankDraws(m, group.id, lesson.course_id, body.bank_draws);
        if (banksMatched !== body.bank_draws.length) {
          const message = 'A bank of the list is not a bank of this course.';
          throw new BadRequestException({ message, errors: { bank_draws: message } });
        }
        await summariseLessonQuiz(m, group.id);
      }
      if (body.regrade) await this.tools.regrade(m, { groupId: group.id });
      return this.readAuthoring(m, lesson);
    });
  }

  // --- Preview ---------------------------------------------------------------------------

  /** The questions one attempt would get: drawn and shuffled by the same rule as a student's start. */
  async previewDraw(me: AuthUser, lessonIdSlug: string): Promise<QuizPreviewDraw> {
    const lesson = await this.authorLesson(me, lessonIdSlug);
    const quiz = await this.readAuthoring(this.db, lesson);
    if (!quiz.id_slug) return { total_in_bank: 0, questions: [] };
    const group = (await quizGroupId(this.db, lesson.lesson_id))!;
    const inBank = await bank(this.db, group.id);
    const shared = await sharedDraws(this.db, group.id);
    const drawn = drawQuestions(inBank, quiz, random, shared);
    const idToSlug = new Map([...inBank, ...shared.flatMap((d) => d.questions)].map((b) => [b.id, b.id_slug]));
    const fromBanks = await bankQuestions(
      this.db,
      shared.flatMap((d) => d.questions.map((b) => b.id_slug)),
    );
    const bySlug = new Map([...quiz.questions, ...fromBanks.map(toAuthoredQuestion)].map((q) => [q.id_slug, q]));
    const questions = drawn.question_ids.flatMap((id) => {
      const q = bySlug.get(idToSlug.get(id)!);
      if (!q) return [];
      const order = drawn.option_orders[id];
      const options = order ? order.map((k) => q.options.find((o) => o.key === k)!).filter(Boolean) : q.options;
      return [{ ...q, options }];
    });
    return { total_in_bank: quiz.questions.length + fromBanks.length, questions };
  }

  // --- Taking ----------------------------------------------------------------------------

  async attempts(me: AuthUser, cohortIdSlug: string, lessonIdSlug: string): Promise<QuizAttempts> {
    const row = await attempts(this.db, cohortIdSlug, lessonIdSlug, me.id);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    return { ...row, attempts_used: row.data.length };
  }

  /**
   * Opens an attempt, or answers the one under way (a second tab, a second click): Starts of the
   * same student are serialised on their enrolment, and at most one attempt is open (a unique
   * index). An attempt past its deadline that the job has not closed yet is submitted first. The
   * deadline job is created in the same transaction.
   */
  async start(me: AuthUser, cohortIdSlug: string, lessonIdSlug: string): Promise<{ session_id_slug: string; resumed: boolean }> {
    return this.db.transaction(async (m) => {
      const t = await lockStartTarget(m, cohortIdSlug, lessonIdSlug, me.id);
      if (!t || t.lesson_type !== 'QUIZ') throw new NotFoundException(NOT_AVAILABLE);
      if (t.access_ended) throw new ForbiddenException(ACCESS_ENDED_MESSAGE);
      if (t.group_id) {
        const open = await openSession(m, t.group_id, t.cohort_id, me.id);
        if (open && !open.expired) return { session_id_slug: open.id_slug, resumed: true };
        if (open) await submitAttempt(m, open.id_slug, null, this.evaluateCertificates(m));
      }
      if (t.enrolment_status !== 'ACTIVE') throw new ForbiddenException(SUSPENDED_QUIZ_MESSAGE);
      if (!t.grade_id || !t.is_open) throw new UnprocessableEntityException(QUIZ_NOT_OPEN_MESSAGE);
      if (!t.group_id) throw new UnprocessableEntityException(QUIZ_NO_QUESTIONS_MESSAGE);
      const used = await attemptsUsed(m, t.group_id, t.cohort_id, me.id);
      if (used >= t.attempts_with_extra!) throw new ConflictException(QUIZ_NO_ATTEMPTS_MESSAGE);
      const drawn = drawQuestions(await bank(m, t.group_id), t, random, await sharedDraws(m, t.group_id));
      if (!drawn.question_ids.length) throw new UnprocessableEntityException(QUIZ_NO_QUESTIONS_MESSAGE);
      const session = (await insertSession(m, {
        groupId: t.group_id,
        cohortId: t.cohort_id,
        userId: me.id,
        attempt: used + 1,
        questionIds: drawn.question_ids,
        optionOrders: drawn.option_orders,
      }))!;
      if (session.deadline_at)
        await this.jobs.send(
          m,
          QUIZ_AUTO_SUBMIT_JOB,
          { session_id_slug: session.id_slug },
          { startAfter: new Date(session.deadline_at), singletonKey: session.id_slug },
        );
      return { session_id_slug: session.id_slug, resumed: false };
    });
  }

  /** The student's own attempt (admins any). An attempt past its deadline is submitted on sight. */
  async session(me: AuthUser, sessionIdSlug: string): Promise<QuizAttempt> {
    const owner = me.role === 'ADMIN' ? null : me.id;
    let row = await sessionView(this.db, sessionIdSlug, owner);
    if (!row) throw new NotFoundException(NOT_AVAILABLE);
    if (row.expired) {
      await this.db.transaction((m) => submitAttempt(m, sessionIdSlug, null, this.evaluateCertificates(m)));
      row = (await sessionView(this.db, sessionIdSlug, owner))!;
    }
    return attemptView(row);
  }

  /** Autosave of an open attempt, before its deadline only. */
  async saveAnswers(me: AuthUser, sessionIdSlug: string, body: SaveAnswers): Promise<{ saved: number }> {
    const res = await saveAnswers(this.db, sessionIdSlug, me.id, body.answers);
    if (res.open === 0) {
      const state = await sessionState(this.db, sessionIdSlug, me.id);
      if (!state) throw new NotFoundException(NOT_AVAILABLE);
      throw new ConflictException(state.submitted ? QUIZ_SUBMITTED_MESSAGE : QUIZ_TIME_OVER_MESSAGE);
    }
    if (res.saved !== res.given)
      throw new BadRequestException({ message: QUIZ_BAD_ANSWER_MESSAGE, errors: { answers: QUIZ_BAD_ANSWER_MESSAGE } });
    return { saved: res.saved };
  }

  /** Submits the student's own attempt (idempotent: a submitted one is answered as it is). */
  async submit(me: AuthUser, sessionIdSlug: string): Promise<QuizAttempt> {
    const found = await this.db.transaction((m) => submitAttempt(m, sessionIdSlug, me.id, this.evaluateCertificates(m)));
    if (!found) throw new NotFoundException(NOT_AVAILABLE);
    return this.session(me, sessionIdSlug);
  }

  /** The deadline job: submits the attempt if still open once its deadline has passed (retried until then). */
  async autoSubmit(sessionIdSlug: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const s = await lockSession(m, sessionIdSlug, null);
      if (!s || s.submitted) return;
      // An extension moved the deadline: the job queued at the new one will submit it.
      if (!s.due && s.moved_later) return;
      if (!s.due) throw new Error(`Quiz attempt ${sessionIdSlug} is not due yet`);
      await scoreAndClose(m, s);
      await this.certificates.queueEvaluation(m, [s.cohort_id]);
      this.logger.log(`Quiz attempt ${sessionIdSlug} submitted at its deadline`);
    });
  }

  /**
   * After a student's dates on a quiz's grade item changed (an extension given or removed), in the
   * caller's transaction: their open attempts take the new end (the time limit from their start,
   * or when the item now closes for them when sooner), each with its deadline job at the new time.
   */
  async followChangedDates(m: EntityManager, gradeId: string, userIds: string[]): Promise<void> {
    const moved = await refixOpenAttemptDeadlines(m, gradeId, userIds);
    for (const s of moved) {
      if (!s.deadline_at) continue;
      const at = new Date(s.deadline_at);
      await this.jobs.send(
        m,
        QUIZ_AUTO_SUBMIT_JOB,
        { session_id_slug: s.id_slug },
        { startAfter: at, singletonKey: `${s.id_slug}:${at.getTime()}` },
      );
    }
  }

  // --- Grading by hand ---------------------------------------------------------------------

  async freeTextAnswers(me: AuthUser, gradeIdSlug: string, ungradedOnly: boolean): Promise<{ data: FreeTextAnswer[]; count: number }> {
    if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
    const item = await gradableItem(this.db, gradeIdSlug, me.id, me.role === 'ADMIN');
    if (!item) throw new NotFoundException(NOT_AVAILABLE);
    const list = await freeTextAnswers(this.db, item.group_id, item.cohort_id, ungradedOnly);
    const data = list.map((a) => ({ ...a, graded_at: iso(a.graded_at), submitted_at: iso(a.submitted_at)! }));
    return { data, count: data.length };
  }

  async scoreAnswer(me: AuthUser, answerIdSlug: string, points: number, comment?: string) {
    if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
    return this.db.transaction(async (m) => {
      const a = await lockAnswerToScore(m, answerIdSlug, me.id, me.role === 'ADMIN');
      if (!a) throw new NotFoundException(NOT_AVAILABLE);
      if (a.kind !== 'FREE_TEXT') throw new UnprocessableEntityException('Only free-text answers are graded by hand.');
      if (!a.submitted) throw new UnprocessableEntityException('This attempt has not been submitted yet.');
      if (points > a.max_points) {
        const message = `Points must be at most ${a.max_points}`;
        throw new BadRequestException({ message, errors: { points: message } });
      }
      const session = await scoreAnswerByHand(m, a.answer_id, a.session_id, points, comment ?? null);
      const grade = await recomputeGrade(m, a.quiz_group_id, a.cohort_id, a.user_id);
      await this.certificates.queueEvaluation(m, [a.cohort_id]);
      return {
        answer_id_slug: answerIdSlug,
        points,
        comment: session.comment,
        session_score: session.score,
        session_max_score: session.max_score,
        user_grade: grade?.user_grade ?? null,
        user_submission_status: grade?.user_submission_status ?? 'PENDING',
      };
    });
  }
}

import { randomUUID } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  QUIZ_IMPORT_FAILED_MESSAGE,
  type QuizAnalytics,
  type QuizAuthoring,
  type QuizFileFormat,
  type QuizImport,
  type QuizQuestion,
  QuizQuestionInputSchema,
  type QuizQuestionData,
  quizFileName,
  type QuizSettings,
  type RegradePreview,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { CertificatesService } from '../certificates';
import { NotificationsService } from '../notifications';
import { authorLesson, NOT_AVAILABLE } from './quiz-access';
import { readGift, writeGift } from './quiz-formats/gift';
import { type ImportIssue, validateRead } from './quiz-formats/imported-question';
import { readMoodleXml, writeMoodleXml } from './quiz-formats/moodle-xml';
import { changed, changeOf, type KeyOfQuestion, rescore } from './quiz-regrade';
import { appendQuestions, ensureQuizGroup, quizAnalytics, type RegradeScope, submittedAttempts, writeRegrade } from './quiz-tools.queries';
import { recomputeGrade } from './quiz-answers.queries';
import { type QuestionRecord, quizGroupId, summariseLessonQuiz } from './quiz-authoring.queries';

const MAX_BANK = 200;
const score = (n: number) => String(Math.round(n * 100) / 100);

/** `errors` of a refused import: one entry per line, its problems joined. */
export function issuesByLine(issues: ImportIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[`line ${i.line}`] = out[`line ${i.line}`] ? `${out[`line ${i.line}`]} ${i.message}` : i.message;
  return out;
}

/**
 * The assessment tools beside authoring: import and export of banks (GIFT, Moodle XML), regrading
 * submitted attempts when a key changes (with a preview of every changed score), and per-question
 * analytics. Access is the authoring rule: admins, and instructors of a cohort taking the course.
 */
@Injectable()
export class QuizToolsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {}

  // --- Import and export -------------------------------------------------------------------

  /**
   * Adds a file's questions after the bank's own, in one transaction. A file with any problem
   * imports nothing: 400 with every problem under `errors` keyed by its line.
   */
  async importFile(
    me: AuthUser,
    lessonIdSlug: string,
    body: QuizImport,
    readAuthoring: (m: EntityManager) => Promise<QuizAuthoring>,
  ): Promise<{ data: QuizAuthoring; imported: number }> {
    const lesson = await authorLesson(this.db, me, lessonIdSlug);
    const records = questionsOfFile(body);
    return this.db.transaction(async (m) => {
      const group = await ensureQuizGroup(m, lesson.lesson_id);
      const total = await appendQuestions(m, { groupId: group.id }, records);
      if (total > MAX_BANK) {
        const message = `A quiz holds at most ${MAX_BANK} questions: this file would make ${total}.`;
        throw new BadRequestException({ message, errors: { content: message } });
      }
      await summariseLessonQuiz(m, group.id);
      return { data: await readAuthoring(m), imported: records.length };
    });
  }

  /** A bank as a file: its text, content type and file name. */
  async exportFile(
    me: AuthUser,
    lessonIdSlug: string,
    format: QuizFileFormat,
    readAuthoring: () => Promise<QuizAuthoring>,
  ): Promise<QuizFile> {
    await authorLesson(this.db, me, lessonIdSlug);
    const quiz = await readAuthoring();
    return fileOf(quiz.lesson_title, quiz.questions, format);
  }

  // --- Regrading ---------------------------------------------------------------------------

  /** The submitted attempts whose score the given bank's keys would change, with old and new scores. Nothing is saved. */
  async regradePreview(
    me: AuthUser,
    lessonIdSlug: string,
    body: QuizSettings & { questions: QuizQuestionData[] },
  ): Promise<RegradePreview> {
    const lesson = await authorLesson(this.db, me, lessonIdSlug);
    const group = await quizGroupId(this.db, lesson.lesson_id);
    if (!group) return { data: [], submitted_attempts: 0 };
    return this.previewOf({ groupId: group.id }, body.questions);
  }

  /**
   * What keys would change among the attempts of a scope (a quiz, or a shared bank's quizzes): each
   * submitted attempt scored again in memory with the given questions' keys (others keep theirs).
   */
  async previewOf(scope: RegradeScope, questions: QuizQuestionData[]): Promise<RegradePreview> {
    const keys = new Map<string, KeyOfQuestion>();
    for (const q of questions) {
      if (!q.id_slug) continue;
      const r = questionRecordOf(q, 0);
      keys.set(q.id_slug, { points: r.points, options: r.options, answer_key: r.answer_key });
    }
    const sessions = await submittedAttempts(this.db, scope, false);
    return {
      data: sessions
        .map((s) => rescore(s, keys))
        .filter(changed)
        .map(changeOf),
      submitted_attempts: sessions.length,
    };
  }

  /**
   * Scores every submitted attempt of a quiz (or every one that drew a shared bank's question) again
   * with its stored keys, in the caller's transaction: changed answers and attempts are written, the
   * grade items of their students recomputed, certificates evaluated again, and students whose
   * results are open told by mail.
   */
  async regrade(m: EntityManager, scope: RegradeScope): Promise<number> {
    const rescored = (await submittedAttempts(m, scope, true)).map((s) => rescore(s, new Map())).filter(changed);
    if (!rescored.length) return 0;
    await writeRegrade(
      m,
      rescored.flatMap((r) => r.answers),
      rescored.map((r) => ({ id: r.session.id, score: r.score, max_score: r.max_score })),
    );
    // One grade item per quiz, cohort and student (a bank's attempts may span several quizzes).
    const students = new Map(rescored.map((r) => [`${r.session.quiz_group_id}:${r.session.cohort_id}:${r.session.user_id}`, r.session]));
    for (const s of students.values()) await recomputeGrade(m, s.quiz_group_id, s.cohort_id, s.user_id);
    await this.certificates.queueEvaluation(m, [...new Set(rescored.map((r) => r.session.cohort_id))]);
    const told = rescored.filter((r) => r.session.results_visible && (r.score !== r.session.score || r.max_score !== r.session.max_score));
    await this.notifications.quizzesRegraded(
      m,
      randomUUID(),
      told.map((r) => ({
        email: r.session.student.email,
        first_name: r.session.student.first_name,
        quiz_title: r.session.lesson_title,
        cohort_title: r.session.cohort_title,
        cohort_id_slug: r.session.cohort_id_slug,
        session_id_slug: r.session.id_slug,
        attempt_number: r.session.attempt_number,
        old_score: `${score(r.session.score)} / ${score(r.session.max_score)}`,
        new_score: `${score(r.score)} / ${score(r.max_score)}`,
      })),
    );
    return rescored.length;
  }

  // --- Analytics ---------------------------------------------------------------------------

  /** Per-question figures over the submitted attempts of the cohorts the user may see, or of one of them. */
  async analytics(me: AuthUser, lessonIdSlug: string, cohortIdSlug: string | null): Promise<QuizAnalytics> {
    const lesson = await authorLesson(this.db, me, lessonIdSlug);
    const row = (await quizAnalytics(this.db, lesson.lesson_id, cohortIdSlug, me.role === 'ADMIN', me.id))!;
    if (cohortIdSlug && !row.cohorts.some((c) => c.id_slug === cohortIdSlug)) throw new NotFoundException(NOT_AVAILABLE);
    return row;
  }
}

/**
 * The questions of a GIFT or Moodle XML file as the bank stores them, in file order, for a quiz's
 * own bank or a shared one. A file with any problem is refused whole: 400 with every problem under
 * `errors` keyed by its line; so is a file without questions.
 */
export function questionsOfFile(body: QuizImport): Omit<QuestionRecord, 'id_slug'>[] {
  const read = validateRead(body.format === 'gift' ? readGift(body.content) : readMoodleXml(body.content));
  if (read.issues.length) throw new BadRequestException({ message: QUIZ_IMPORT_FAILED_MESSAGE, errors: issuesByLine(read.issues) });
  if (!read.questions.length) {
    const message = 'The file holds no questions.';
    throw new BadRequestException({ message, errors: { content: message } });
  }
  return read.questions.map(({ question }, ord) => {
    const q: QuizQuestionData = QuizQuestionInputSchema.parse(question);
    const { id_slug: _none, ...record } = questionRecordOf(q, ord);
    return record;
  });
}

export interface QuizFile {
  text: string;
  type: string;
  name: string;
}

/** Questions (a quiz's own bank or a shared one) as a GIFT or Moodle XML file named after its title. */
export function fileOf(title: string, questions: QuizQuestion[], format: QuizFileFormat): QuizFile {
  const name = quizFileName(title, format);
  return format === 'gift'
    ? { text: writeGift(questions), type: 'text/plain; charset=utf-8', name }
    : { text: writeMoodleXml(questions), type: 'application/xml; charset=utf-8', name };
}

/** A question as the bank stores it: options only for choices, the key fields of its kind only. */
export function questionRecordOf(q: QuizQuestionData, ord: number) {
  return {
    id_slug: q.id_slug ?? null,
    ord,
    kind: q.kind,
    prompt: q.prompt,
    points: q.points,
    options: q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE' ? q.options : [],
    answer_key: {
      correct_boolean: q.kind === 'TRUE_FALSE' ? q.correct_boolean : null,
      correct_number: q.kind === 'NUMERIC' ? q.correct_number : null,
      tolerance: q.kind === 'NUMERIC' ? (q.tolerance ?? 0) : null,
      accepted_answers: q.kind === 'SHORT_TEXT' ? q.accepted_answers : [],
    },
  };
}

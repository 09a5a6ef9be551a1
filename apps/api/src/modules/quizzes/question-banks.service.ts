import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  QUESTION_BANK_MAX_QUESTIONS,
  type QuestionBank,
  type QuestionBankList,
  type QuizFileFormat,
  type QuizImport,
  type QuizQuestionData,
  type RegradePreview,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { NOT_AVAILABLE } from './quiz-access';
import { appendQuestions } from './quiz-tools.queries';
import { fileOf, type QuizFile, questionRecordOf, questionsOfFile, QuizToolsService } from './quiz-tools.service';
import { authoredBank, authoredCourse, courseBanks, insertBank, lockBank, readBank, writeSharedBank } from './question-banks.queries';
import { toAuthoredQuestion } from './quizzes.service';

/**
 * Question banks shared by the quizzes of a course: authored like a quiz's own bank (questions left
 * out of a save are archived, so past attempts keep them), drawn from by each quiz that lists them.
 * Access is the authoring rule: admins, and instructors of a cohort taking the course.
 */
@Injectable()
export class QuestionBanksService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(QuizToolsService) private readonly tools: QuizToolsService,
  ) {}

  private staff(me: AuthUser) {
    if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
    return { userId: me.id, isAdmin: me.role === 'ADMIN' };
  }

  private async course(me: AuthUser, courseIdSlug: string) {
    const { userId, isAdmin } = this.staff(me);
    const course = await authoredCourse(this.db, courseIdSlug, userId, isAdmin);
    if (!course) throw new NotFoundException(NOT_AVAILABLE);
    return course;
  }

  private async bank(me: AuthUser, bankIdSlug: string) {
    const { userId, isAdmin } = this.staff(me);
    const bank = await authoredBank(this.db, bankIdSlug, userId, isAdmin);
    if (!bank) throw new NotFoundException(NOT_AVAILABLE);
    return bank;
  }

  async list(me: AuthUser, courseIdSlug: string): Promise<QuestionBankList> {
    const course = await this.course(me, courseIdSlug);
    return courseBanks(this.db, course.id);
  }

  async create(me: AuthUser, courseIdSlug: string, title: string): Promise<QuestionBank> {
    const course = await this.course(me, courseIdSlug);
    const idSlug = await insertBank(this.db, course.id, title);
    return this.read(me, idSlug);
  }

  async read(me: AuthUser, bankIdSlug: string): Promise<QuestionBank> {
    const bank = await this.bank(me, bankIdSlug);
    return this.readById(this.db.manager, bank.id);
  }

  private async readById(m: EntityManager, bankId: string): Promise<QuestionBank> {
    const row = (await readBank(m, bankId))!;
    return { ...row, questions: row.questions.map(toAuthoredQuestion) };
  }

  /**
   * Adds a GIFT or Moodle XML file's questions after the bank's own, in one transaction. A file
   * with any problem imports nothing: 400 with every problem under `errors` keyed by its line.
   */
  async importFile(me: AuthUser, bankIdSlug: string, body: QuizImport): Promise<{ data: QuestionBank; imported: number }> {
    const bank = await this.bank(me, bankIdSlug);
    const records = questionsOfFile(body);
    return this.db.transaction(async (m) => {
      await lockBank(m, bank.id);
      const total = await appendQuestions(m, { bankId: bank.id }, records);
      if (total > QUESTION_BANK_MAX_QUESTIONS) {
        const message = `A bank holds at most ${QUESTION_BANK_MAX_QUESTIONS} questions: this file would make ${total}.`;
        throw new BadRequestException({ message, errors: { content: message } });
      }
      return { data: await this.readById(m, bank.id), imported: records.length };
    });
  }

  /** The bank's questions as a GIFT or Moodle XML file: its text, content type and file name. */
  async exportFile(me: AuthUser, bankIdSlug: string, format: QuizFileFormat): Promise<QuizFile> {
    const read = await this.read(me, bankIdSlug);
    return fileOf(read.title, read.questions, format);
  }

  /** The submitted attempts, of every quiz that drew from the bank, whose score the given keys would change. Nothing is saved. */
  async regradePreview(me: AuthUser, bankIdSlug: string, body: { questions: QuizQuestionData[] }): Promise<RegradePreview> {
    const bank = await this.bank(me, bankIdSlug);
    return this.tools.previewOf({ bankId: bank.id }, body.questions);
  }

  /**
   * Saves the title and the whole bank in one transaction; with `regrade`, every submitted attempt
   * that drew one of its questions is scored again with the saved keys in that transaction.
   */
  async save(
    me: AuthUser,
    bankIdSlug: string,
    body: { title: string; questions: QuizQuestionData[]; regrade?: boolean },
  ): Promise<QuestionBank> {
    const bank = await this.bank(me, bankIdSlug);
    const records = body.questions.map((q, ord) => questionRecordOf(q, ord));
    const known = records.filter((r) => r.id_slug !== null);
    if (new Set(known.map((r) => r.id_slug)).size !== known.length)
      throw new BadRequestException({ message: 'A question is listed twice.', errors: { questions: 'A question is listed twice.' } });
    await this.db.transaction(async (m) => {
      await lockBank(m, bank.id);
      const { matched } = await writeSharedBank(m, bank.id, body.title, records);
      if (matched !== known.length) {
        const message = 'A question of the list is not part of this bank.';
        throw new BadRequestException({ message, errors: { questions: message } });
      }
      if (body.regrade) await this.tools.regrade(m, { bankId: bank.id });
    });
    return this.read(me, bankIdSlug);
  }
}

import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { QuestionBanksService } from './question-banks.service';
import { type QuizFile, QuizToolsService } from './quiz-tools.service';
import { QuizzesService } from './quizzes.service';

/** Quiz authoring, attempts and grading by hand; who may do what is checked per record by the service. */
@Controller()
export class QuizzesController {
  constructor(
    @Inject(QuizzesService) private readonly quizzes: QuizzesService,
    @Inject(QuizToolsService) private readonly tools: QuizToolsService,
    @Inject(QuestionBanksService) private readonly banks: QuestionBanksService,
  ) {}

  @Route('questionBanks')
  async questionBanks(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'questionBanks'>) {
    return { data: await this.banks.list(me, p.courseId) };
  }

  @Route('questionBankCreate')
  async questionBankCreate(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'questionBankCreate'>,
    @RouteBody() body: BodyOf<'questionBankCreate'>,
  ) {
    return { data: await this.banks.create(me, p.courseId, body.title) };
  }

  @Route('questionBank')
  async questionBank(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'questionBank'>) {
    return { data: await this.banks.read(me, p.bankId) };
  }

  @Route('questionBankSave')
  async questionBankSave(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'questionBankSave'>,
    @RouteBody() body: BodyOf<'questionBankSave'>,
  ) {
    return { data: await this.banks.save(me, p.bankId, body) };
  }

  @Route('questionBankRegradePreview')
  questionBankRegradePreview(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'questionBankRegradePreview'>,
    @RouteBody() body: BodyOf<'questionBankRegradePreview'>,
  ) {
    return this.banks.regradePreview(me, p.bankId, body);
  }

  @Route('questionBankImport')
  questionBankImport(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'questionBankImport'>,
    @RouteBody() body: BodyOf<'questionBankImport'>,
  ) {
    return this.banks.importFile(me, p.bankId, body);
  }

  @Route('questionBankExport')
  async questionBankExport(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'questionBankExport'>,
    @RouteQuery() q: QueryOf<'questionBankExport'>,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendFile(res, await this.banks.exportFile(me, p.bankId, q.format));
  }

  @Route('quizLessons')
  async lessons(@CurrentUser() me: AuthUser) {
    return { data: await this.quizzes.taughtLessons(me) };
  }

  @Route('quizAuthoring')
  async authoring(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizAuthoring'>) {
    return { data: await this.quizzes.authoring(me, p.lessonId) };
  }

  @Route('quizSave')
  async save(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizSave'>, @RouteBody() body: BodyOf<'quizSave'>) {
    return { data: await this.quizzes.save(me, p.lessonId, body) };
  }

  @Route('quizImport')
  importFile(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizImport'>, @RouteBody() body: BodyOf<'quizImport'>) {
    return this.tools.importFile(me, p.lessonId, body, (m) => this.quizzes.authoring(me, p.lessonId, m));
  }

  @Route('quizExport')
  async exportFile(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'quizExport'>,
    @RouteQuery() q: QueryOf<'quizExport'>,
    @Res({ passthrough: true }) res: Response,
  ) {
    return sendFile(res, await this.tools.exportFile(me, p.lessonId, q.format, () => this.quizzes.authoring(me, p.lessonId)));
  }

  @Route('quizPreviewDraw')
  async previewDraw(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizPreviewDraw'>) {
    return { data: await this.quizzes.previewDraw(me, p.lessonId) };
  }

  @Route('quizRegradePreview')
  regradePreview(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'quizRegradePreview'>,
    @RouteBody() body: BodyOf<'quizRegradePreview'>,
  ) {
    return this.tools.regradePreview(me, p.lessonId, body);
  }

  @Route('quizAnalytics')
  async analytics(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizAnalytics'>, @RouteQuery() q: QueryOf<'quizAnalytics'>) {
    return { data: await this.tools.analytics(me, p.lessonId, q.cohort_id ?? null) };
  }

  @Route('quizAttempts')
  attempts(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizAttempts'>) {
    return this.quizzes.attempts(me, p.cohortId, p.lessonId);
  }

  @Route('quizStart')
  start(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizStart'>) {
    return this.quizzes.start(me, p.cohortId, p.lessonId);
  }

  @Route('quizSession')
  async session(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizSession'>) {
    return { data: await this.quizzes.session(me, p.sessionId) };
  }

  @Route('quizSaveAnswers')
  saveAnswers(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizSaveAnswers'>, @RouteBody() body: BodyOf<'quizSaveAnswers'>) {
    return this.quizzes.saveAnswers(me, p.sessionId, body);
  }

  @Route('quizSubmit')
  async submit(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizSubmit'>) {
    return { data: await this.quizzes.submit(me, p.sessionId) };
  }

  @Route('quizFreeTextAnswers')
  freeTextAnswers(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'quizFreeTextAnswers'>,
    @RouteQuery() q: QueryOf<'quizFreeTextAnswers'>,
  ) {
    return this.quizzes.freeTextAnswers(me, p.gradeItemId, q.ungraded_only);
  }

  @Route('quizScoreAnswer')
  scoreAnswer(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'quizScoreAnswer'>, @RouteBody() body: BodyOf<'quizScoreAnswer'>) {
    return this.quizzes.scoreAnswer(me, p.answerId, body.points, body.comment);
  }
}

/** An exported bank as a download: its content type and file name on the response, its text as the body. */
function sendFile(res: Response, file: QuizFile): string {
  res.setHeader('Content-Type', file.type);
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
  return file.text;
}

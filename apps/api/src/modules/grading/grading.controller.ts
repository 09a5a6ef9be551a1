import { Controller, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { contentDisposition } from '../../platform/storage/storage.service';
import { GradebookService } from './gradebook.service';
import { GradeExtensionsService } from './grade-extensions.service';
import { GradingAuthoringService } from './grading-authoring.service';
import { GradingService } from './grading.service';
import { ProjectHandInService } from './project-hand-in.service';

/** Projects (authoring and hand-ins) and grading. */
@Controller()
export class GradingController {
  constructor(
    @Inject(GradingService) private readonly grading: GradingService,
    @Inject(ProjectHandInService) private readonly handIns: ProjectHandInService,
    @Inject(GradebookService) private readonly gradebooks: GradebookService,
    @Inject(GradingAuthoringService) private readonly authoring: GradingAuthoringService,
    @Inject(GradeExtensionsService) private readonly gradeExtensions: GradeExtensionsService,
  ) {}

  @Route('adminProjectSettings')
  async projectSettings(@RouteParams() p: ParamsOf<'adminProjectSettings'>) {
    return { data: await this.authoring.projectSettings(p.lessonId) };
  }

  @Route('adminUploadProjectFile')
  uploadProjectFile(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminUploadProjectFile'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.authoring.uploadProjectFile(p.lessonId, me.id, req, res);
  }

  @Route('rubricTemplates')
  rubricTemplates() {
    return this.authoring.rubricTemplates();
  }

  @Route('createRubricTemplate')
  createRubricTemplate(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'createRubricTemplate'>) {
    return this.authoring.createRubricTemplate(me, body);
  }

  @Route('adminCohortGradeLessons')
  cohortGradeLessons(@RouteParams() p: ParamsOf<'adminCohortGradeLessons'>) {
    return this.authoring.cohortGradeLessons(p.cohortId);
  }

  @Route('adminUpdateProjectSettings')
  updateProject(@RouteParams() p: ParamsOf<'adminUpdateProjectSettings'>, @RouteBody() body: BodyOf<'adminUpdateProjectSettings'>) {
    return this.authoring.updateProjectSettings(p.lessonId, body);
  }

  @Route('adminUpdateGradeItem')
  updateGradeItem(@RouteParams() p: ParamsOf<'adminUpdateGradeItem'>, @RouteBody() body: BodyOf<'adminUpdateGradeItem'>) {
    return this.authoring.updateGradeItem(p.cohortId, p.lessonId, body);
  }

  @Route('projectView')
  async projectView(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'projectView'>) {
    return { data: await this.handIns.projectView(me, p.cohortId, p.lessonId) };
  }

  @Route('submitProject')
  async submitProject(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'submitProject'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return { data: await this.handIns.submitProject(me, p.cohortId, p.lessonId, req, res) };
  }

  @Route('gradingItems')
  items(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradingItems'>) {
    return this.grading.items(me, p.cohortId);
  }

  @Route('gradingQueue')
  queue(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradingQueue'>) {
    return this.grading.queue(me, p.gradeItemId);
  }

  @Route('gradingSubmission')
  async submission(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradingSubmission'>) {
    return { data: await this.grading.submission(me, p.submissionId) };
  }

  @Route('submissionPreview')
  async preview(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'submissionPreview'>,
    @RouteQuery() q: QueryOf<'submissionPreview'>,
    @Res() res: Response,
  ) {
    const file = await this.grading.preview(me, p.submissionId, q.path);
    // A student's file, shown inside the console: never sniffed, never a document that runs.
    res.setHeader('Content-Type', file.kind === 'pdf' ? 'application/pdf' : 'text/plain; charset=utf-8');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', contentDisposition(file.name, false));
    res.setHeader('Content-Security-Policy', file.kind === 'pdf' ? "default-src 'none'" : "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(file.data);
  }

  @Route('gradeSubmission')
  async grade(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradeSubmission'>, @RouteBody() body: BodyOf<'gradeSubmission'>) {
    return { data: await this.grading.grade(me, p.submissionId, body) };
  }

  @Route('gradebook')
  async gradebook(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradebook'>, @RouteQuery() q: QueryOf<'gradebook'>) {
    return { data: await this.gradebooks.gradebook(me, p.cohortId, q.status) };
  }

  @Route('gradeOverride')
  async setOverride(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradeOverride'>, @RouteBody() body: BodyOf<'gradeOverride'>) {
    return { data: await this.gradebooks.setOverride(me, p.gradeItemId, p.userId, body) };
  }

  @Route('gradeOverrideLog')
  overrideLog(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradeOverrideLog'>) {
    return this.gradebooks.overrideLog(me, p.cohortId);
  }

  @Route('gradebookExport')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="gradebook.csv"')
  gradebookExport(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradebookExport'>, @RouteQuery() q: QueryOf<'gradebookExport'>) {
    return this.gradebooks.gradebookCsv(me, p.cohortId, q.status);
  }

  @Route('gradeExtensions')
  async extensions(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'gradeExtensions'>) {
    return { data: await this.gradeExtensions.extensions(me, p.gradeItemId) };
  }

  @Route('grantGradeExtension')
  async grantExtension(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'grantGradeExtension'>,
    @RouteBody() body: BodyOf<'grantGradeExtension'>,
  ) {
    return { data: await this.gradeExtensions.grantExtension(me, p.gradeItemId, body) };
  }

  @Route('removeGradeExtension')
  removeExtension(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'removeGradeExtension'>) {
    return this.gradeExtensions.removeExtension(me, p.extensionId);
  }
}

import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { BreaksService } from './breaks.service';
import { LogbookService } from './logbook.service';
import { PlacementsService } from './placements.service';

/** On-the-job training: the console's Host companies, the cohort page's Placements tab and the student's own placement. */
@Controller()
export class PlacementsController {
  constructor(
    @Inject(PlacementsService) private readonly placements: PlacementsService,
    @Inject(LogbookService) private readonly logbook: LogbookService,
    @Inject(BreaksService) private readonly breaks: BreaksService,
  ) {}

  @Route('adminHostCompanies')
  list(@RouteQuery() q: QueryOf<'adminHostCompanies'>) {
    return this.placements.hostCompanies(q);
  }

  @Route('adminCreateHostCompany')
  create(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'adminCreateHostCompany'>) {
    return this.placements.createHostCompany(me, body);
  }

  @Route('adminHostCompany')
  get(@RouteParams() p: ParamsOf<'adminHostCompany'>) {
    return this.placements.hostCompany(p.hostCompanyId);
  }

  @Route('adminUpdateHostCompany')
  update(@RouteParams() p: ParamsOf<'adminUpdateHostCompany'>, @RouteBody() body: BodyOf<'adminUpdateHostCompany'>) {
    return this.placements.updateHostCompany(p.hostCompanyId, body);
  }

  @Route('adminCohortPlacements')
  cohortPlacements(@RouteParams() p: ParamsOf<'adminCohortPlacements'>) {
    return this.placements.cohortPlacements(p.cohortId);
  }

  @Route('adminCreatePlacement')
  createPlacement(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminCreatePlacement'>,
    @RouteBody() body: BodyOf<'adminCreatePlacement'>,
  ) {
    return this.placements.createPlacement(me, p.cohortId, body);
  }

  @Route('adminUpdatePlacement')
  updatePlacement(@RouteParams() p: ParamsOf<'adminUpdatePlacement'>, @RouteBody() body: BodyOf<'adminUpdatePlacement'>) {
    return this.placements.updatePlacement(p.cohortId, p.placementId, body);
  }

  @Route('adminPreviewPlacementCsv')
  previewCsv(@RouteParams() p: ParamsOf<'adminPreviewPlacementCsv'>, @RouteBody() body: BodyOf<'adminPreviewPlacementCsv'>) {
    return this.placements.previewCsv(p.cohortId, body.csv);
  }

  @Route('adminImportPlacementCsv')
  importCsv(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminImportPlacementCsv'>,
    @RouteBody() body: BodyOf<'adminImportPlacementCsv'>,
  ) {
    return this.placements.importCsv(me, p.cohortId, body.csv);
  }

  @Route('myPlacements')
  mine(@CurrentUser() me: AuthUser) {
    return this.placements.myPlacements(me);
  }

  @Route('myLogbook')
  myLogbook(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myLogbook'>) {
    return this.logbook.logbook(me, p.placementId);
  }

  @Route('myLogbookWeek')
  myWeek(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myLogbookWeek'>) {
    return this.logbook.week(me, p.placementId, p.week);
  }

  @Route('saveMyLogbookWeek')
  saveWeek(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'saveMyLogbookWeek'>, @RouteBody() body: BodyOf<'saveMyLogbookWeek'>) {
    return this.logbook.save(me, p.placementId, p.week, body);
  }

  @Route('submitMyLogbookWeek')
  submitWeek(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'submitMyLogbookWeek'>) {
    return this.logbook.submit(me, p.placementId, p.week);
  }

  @Route('addMyLogbookFile')
  addFile(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'addMyLogbookFile'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.logbook.addFile(me, p.placementId, p.week, req, res);
  }

  @Route('removeMyLogbookFile')
  removeFile(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'removeMyLogbookFile'>) {
    return this.logbook.removeFile(me, p.placementId, p.week, p.fileId);
  }

  @Route('staffTraineePlacement')
  traineePlacement(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffTraineePlacement'>) {
    return this.breaks.traineePlacement(me, p.cohortId, p.userIdSlug);
  }

  @Route('staffRecordBreak')
  recordBreak(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffRecordBreak'>, @RouteBody() body: BodyOf<'staffRecordBreak'>) {
    return this.breaks.record(me, p.placementId, body);
  }

  @Route('staffCorrectBreak')
  correctBreak(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'staffCorrectBreak'>,
    @RouteBody() body: BodyOf<'staffCorrectBreak'>,
  ) {
    return this.breaks.correct(me, p.placementId, p.breakId, body);
  }
}

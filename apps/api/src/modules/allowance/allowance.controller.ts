import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { contentDisposition } from '../../platform/storage/storage.service';
import { AllowanceService } from './allowance.service';

/** The monthly allowance: the admin console's programmes, cohort months and queues, and the trainee's own page. */
@Controller()
export class AllowanceController {
  constructor(@Inject(AllowanceService) private readonly allowance: AllowanceService) {}

  @Route('adminAllowanceProgrammes')
  programmes(@CurrentUser() me: AuthUser) {
    return this.allowance.programmes(me);
  }

  @Route('adminCreateAllowanceProgramme')
  create(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'adminCreateAllowanceProgramme'>) {
    return this.allowance.createProgramme(me, body);
  }

  @Route('adminAllowanceProgramme')
  programme(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminAllowanceProgramme'>) {
    return this.allowance.programme(me, p.programmeId);
  }

  @Route('adminAddRuleVersion')
  addVersion(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminAddRuleVersion'>,
    @RouteBody() body: BodyOf<'adminAddRuleVersion'>,
  ) {
    return this.allowance.addVersion(me, p.programmeId, body);
  }

  @Route('adminSetCohortProgramme')
  setProgramme(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminSetCohortProgramme'>,
    @RouteBody() body: BodyOf<'adminSetCohortProgramme'>,
  ) {
    return this.allowance.setCohortProgramme(me, p.cohortId, body.programme_id);
  }

  @Route('adminCohortAllowanceMonth')
  month(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCohortAllowanceMonth'>) {
    return this.allowance.month(me, p.cohortId, p.month);
  }

  @Route('adminRunAllowanceMonth')
  run(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminRunAllowanceMonth'>) {
    return this.allowance.run(me, p.cohortId, p.month);
  }

  @Route('adminAllowancePaymentList')
  async payments(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminAllowancePaymentList'>, @Res() res: Response) {
    const csv = await this.allowance.paymentList(me, p.cohortId, p.month);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', contentDisposition(csv.name, true));
    res.send(csv.text);
  }

  @Route('adminProposeOverride')
  propose(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminProposeOverride'>,
    @RouteBody() body: BodyOf<'adminProposeOverride'>,
  ) {
    return this.allowance.propose(me, p.cohortId, body);
  }

  @Route('adminUploadOverrideAttachment')
  upload(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminUploadOverrideAttachment'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.allowance.uploadAttachment(me, p.cohortId, req, res);
  }

  @Route('adminAllowanceOverrides')
  queue(@CurrentUser() me: AuthUser, @RouteQuery() query: QueryOf<'adminAllowanceOverrides'>) {
    return this.allowance.queue(me, query.state);
  }

  @Route('adminDecideOverride')
  decide(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminDecideOverride'>, @RouteBody() body: BodyOf<'adminDecideOverride'>) {
    return this.allowance.decide(me, p.overrideId, body.approve, body.note);
  }

  @Route('adminAllowanceDisputes')
  disputes(@CurrentUser() me: AuthUser) {
    return this.allowance.disputes(me);
  }

  @Route('myAllowance')
  mine(@CurrentUser() me: AuthUser) {
    return this.allowance.mine(me);
  }

  @Route('myAllowanceStatement')
  async statement(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myAllowanceStatement'>, @Res() res: Response) {
    const pdf = await this.allowance.statementPdf(me, p.decisionId);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', contentDisposition(pdf.name, true));
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(pdf.file);
  }

  @Route('myAllowanceDispute')
  dispute(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myAllowanceDispute'>, @RouteBody() body: BodyOf<'myAllowanceDispute'>) {
    return this.allowance.dispute(me, p.decisionId, body.reason);
  }
}

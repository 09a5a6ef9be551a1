import { Controller, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { AdmissionsService } from './admissions.service';

/** Admissions: the admins' pipeline, the reviewers' queue and scores, the applicant's private link. */
@Controller()
export class AdmissionsController {
  constructor(@Inject(AdmissionsService) private readonly admissions: AdmissionsService) {}

  @Route('admissionsList')
  list(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'admissionsList'>) {
    return this.admissions.list(me, q);
  }

  @Route('admissionsDetail')
  async detail(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsDetail'>) {
    return { data: await this.admissions.detail(me, p.applicationId) };
  }

  @Route('admissionsTimeline')
  timeline(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsTimeline'>) {
    return this.admissions.timeline(me, p.applicationId);
  }

  @Route('admissionsViews')
  views(@RouteParams() p: ParamsOf<'admissionsViews'>) {
    return this.admissions.views(p.applicationId);
  }

  @Route('admissionsConfirmScreening')
  screen(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsConfirmScreening'>,
    @RouteBody() b: BodyOf<'admissionsConfirmScreening'>,
  ) {
    return this.admissions.confirmScreening(me, p.applicationId, b);
  }

  @Route('admissionsReopenScreening')
  reopenScreening(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsReopenScreening'>,
    @RouteBody() b: BodyOf<'admissionsReopenScreening'>,
  ) {
    return this.admissions.reopenScreening(me, p.applicationId, b);
  }

  @Route('admissionsBulkScreening')
  bulkScreening(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsBulkScreening'>) {
    return this.admissions.bulkScreening(me, b);
  }

  @Route('admissionsStaff')
  staff(@RouteQuery() q: QueryOf<'admissionsStaff'>) {
    return this.admissions.staff(q.search_query);
  }

  @Route('admissionsAssignReviewers')
  assign(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsAssignReviewers'>) {
    return this.admissions.assignReviewers(me, b.application_ids, b.reviewer_ids);
  }

  @Route('admissionsUnassignReviewer')
  unassign(@RouteParams() p: ParamsOf<'admissionsUnassignReviewer'>, @RouteBody() b: BodyOf<'admissionsUnassignReviewer'>) {
    return this.admissions.unassignReviewer(p.applicationId, b.reviewer_id);
  }

  @Route('admissionsRubric')
  rubric(@RouteParams() p: ParamsOf<'admissionsRubric'>) {
    return this.admissions.rubric(p.intake);
  }

  @Route('admissionsUpdateRubric')
  updateRubric(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsUpdateRubric'>,
    @RouteBody() b: BodyOf<'admissionsUpdateRubric'>,
  ) {
    return this.admissions.updateRubric(me, p.intake, b);
  }

  @Route('admissionsReviewQueue')
  queue(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'admissionsReviewQueue'>) {
    return this.admissions.reviewQueue(me, q);
  }

  @Route('admissionsMyScore')
  myScore(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsMyScore'>) {
    return this.admissions.myScore(me, p.applicationId);
  }

  @Route('admissionsSubmitScore')
  submitScore(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSubmitScore'>,
    @RouteBody() b: BodyOf<'admissionsSubmitScore'>,
  ) {
    return this.admissions.submitScore(me, p.applicationId, b);
  }

  @Route('admissionsRanking')
  ranking(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsRanking'>, @RouteQuery() q: QueryOf<'admissionsRanking'>) {
    return this.admissions.ranking(me, p.intake, q.status);
  }

  @Route('admissionsScores')
  scores(@RouteParams() p: ParamsOf<'admissionsScores'>) {
    return this.admissions.scores(p.applicationId);
  }

  @Route('admissionsReopenScore')
  reopenScore(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsReopenScore'>,
    @RouteBody() b: BodyOf<'admissionsReopenScore'>,
  ) {
    return this.admissions.reopenScore(me, p.applicationId, b);
  }

  @Route('admissionsDecide')
  decide(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsDecide'>) {
    return this.admissions.decide(me, b);
  }

  @Route('admissionsOfferCohorts')
  cohorts(@RouteQuery() q: QueryOf<'admissionsOfferCohorts'>) {
    return this.admissions.offerCohorts(q.intake, q.course);
  }

  @Route('admissionsCohortSeats')
  seats(@RouteParams() p: ParamsOf<'admissionsCohortSeats'>) {
    return this.admissions.cohortSeats(p.intake);
  }

  @Route('admissionsSetCohortSeats')
  setSeats(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSetCohortSeats'>,
    @RouteBody() b: BodyOf<'admissionsSetCohortSeats'>,
  ) {
    return this.admissions.setCohortSeats(me, p.intake, p.cohortId, b);
  }

  @Route('admissionsExtendOffer')
  extend(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsExtendOffer'>,
    @RouteBody() b: BodyOf<'admissionsExtendOffer'>,
  ) {
    return this.admissions.extendOffer(me, p.applicationId, b);
  }

  @Route('applicantStatus')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  async status(@RouteParams() p: ParamsOf<'applicantStatus'>, @RouteBody() b: BodyOf<'applicantStatus'>) {
    return { data: await this.admissions.applicantStatus(p.applicationId, b.token) };
  }

  /** Always 202 with the same body: limited per client address and per email (AdmissionsService). */
  @Route('applicantResendLink')
  @Header('Cache-Control', 'no-store')
  resendLink(@RouteBody() b: BodyOf<'applicantResendLink'>, @Req() req: Request) {
    return this.admissions.requestStatusLink(b.email, req.ip ?? 'unknown');
  }

  @Route('applicantAcceptOffer')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  accept(@RouteParams() p: ParamsOf<'applicantAcceptOffer'>, @RouteBody() b: BodyOf<'applicantAcceptOffer'>) {
    return this.admissions.accept(p.applicationId, b.token);
  }

  @Route('applicantDeclineOffer')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  decline(@RouteParams() p: ParamsOf<'applicantDeclineOffer'>, @RouteBody() b: BodyOf<'applicantDeclineOffer'>) {
    return this.admissions.decline(p.applicationId, b.token);
  }

  @Route('applicantWithdraw')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  withdraw(@RouteParams() p: ParamsOf<'applicantWithdraw'>, @RouteBody() b: BodyOf<'applicantWithdraw'>) {
    return this.admissions.withdraw(p.applicationId, b.token);
  }
}

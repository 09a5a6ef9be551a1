import { Controller, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { AdmissionsService } from './admissions.service';
import { ApplicantLinkService } from './applicant-link.service';
import { DecisionsService } from './decisions.service';
import { ReviewScoresService } from './review-scores.service';
import { ScreeningService } from './screening.service';

/** Admissions: the admins' pipeline, the reviewers' queue and scores, the applicant's private link. */
@Controller()
export class AdmissionsController {
  constructor(
    @Inject(AdmissionsService) private readonly admissions: AdmissionsService,
    @Inject(ScreeningService) private readonly screening: ScreeningService,
    @Inject(ReviewScoresService) private readonly reviews: ReviewScoresService,
    @Inject(DecisionsService) private readonly decisions: DecisionsService,
    @Inject(ApplicantLinkService) private readonly link: ApplicantLinkService,
  ) {}

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
    return this.screening.confirmScreening(me, p.applicationId, b);
  }

  @Route('admissionsReopenScreening')
  reopenScreening(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsReopenScreening'>,
    @RouteBody() b: BodyOf<'admissionsReopenScreening'>,
  ) {
    return this.screening.reopenScreening(me, p.applicationId, b);
  }

  @Route('admissionsBulkScreening')
  bulkScreening(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsBulkScreening'>) {
    return this.screening.bulkScreening(me, b);
  }

  @Route('admissionsStaff')
  staff(@RouteQuery() q: QueryOf<'admissionsStaff'>) {
    return this.screening.staff(q.search_query);
  }

  @Route('admissionsAssignReviewers')
  assign(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsAssignReviewers'>) {
    return this.screening.assignReviewers(me, b);
  }

  @Route('admissionsUnassignReviewer')
  unassign(@RouteParams() p: ParamsOf<'admissionsUnassignReviewer'>, @RouteBody() b: BodyOf<'admissionsUnassignReviewer'>) {
    return this.screening.unassignReviewer(p.applicationId, b.reviewer_id);
  }

  @Route('admissionsRubric')
  rubric(@RouteParams() p: ParamsOf<'admissionsRubric'>) {
    return this.reviews.rubric(p.intake);
  }

  @Route('admissionsUpdateRubric')
  updateRubric(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsUpdateRubric'>,
    @RouteBody() b: BodyOf<'admissionsUpdateRubric'>,
  ) {
    return this.reviews.updateRubric(me, p.intake, b);
  }

  @Route('admissionsReviewQueue')
  queue(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'admissionsReviewQueue'>) {
    return this.reviews.reviewQueue(me, q);
  }

  @Route('admissionsMyScore')
  myScore(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsMyScore'>) {
    return this.reviews.myScore(me, p.applicationId);
  }

  @Route('admissionsSubmitScore')
  submitScore(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSubmitScore'>,
    @RouteBody() b: BodyOf<'admissionsSubmitScore'>,
  ) {
    return this.reviews.submitScore(me, p.applicationId, b);
  }

  @Route('admissionsRanking')
  ranking(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsRanking'>, @RouteQuery() q: QueryOf<'admissionsRanking'>) {
    return this.reviews.ranking(me, p.intake, q.status);
  }

  @Route('admissionsScores')
  scores(@RouteParams() p: ParamsOf<'admissionsScores'>) {
    return this.reviews.scores(p.applicationId);
  }

  @Route('admissionsReopenScore')
  reopenScore(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsReopenScore'>,
    @RouteBody() b: BodyOf<'admissionsReopenScore'>,
  ) {
    return this.reviews.reopenScore(me, p.applicationId, b);
  }

  @Route('admissionsDecide')
  decide(@CurrentUser() me: AuthUser, @RouteBody() b: BodyOf<'admissionsDecide'>) {
    return this.decisions.decide(me, b);
  }

  @Route('admissionsOfferCohorts')
  cohorts(@RouteQuery() q: QueryOf<'admissionsOfferCohorts'>) {
    return this.decisions.offerCohorts(q.intake, q.course);
  }

  @Route('admissionsCohortSeats')
  seats(@RouteParams() p: ParamsOf<'admissionsCohortSeats'>) {
    return this.decisions.cohortSeats(p.intake);
  }

  @Route('admissionsSetCohortSeats')
  setSeats(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSetCohortSeats'>,
    @RouteBody() b: BodyOf<'admissionsSetCohortSeats'>,
  ) {
    return this.decisions.setCohortSeats(me, p.intake, p.cohortId, b);
  }

  @Route('admissionsExtendOffer')
  extend(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsExtendOffer'>,
    @RouteBody() b: BodyOf<'admissionsExtendOffer'>,
  ) {
    return this.decisions.extendOffer(me, p.applicationId, b);
  }

  @Route('applicantStatus')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  async status(@RouteParams() p: ParamsOf<'applicantStatus'>, @RouteBody() b: BodyOf<'applicantStatus'>) {
    return { data: await this.link.applicantStatus(p.applicationId, b.token) };
  }

  /** Always 202 with the same body: limited per client address and per email (ApplicantLinkService). */
  @Route('applicantResendLink')
  @Header('Cache-Control', 'no-store')
  resendLink(@RouteBody() b: BodyOf<'applicantResendLink'>, @Req() req: Request) {
    return this.link.requestStatusLink(b.email, req.ip ?? 'unknown');
  }

  @Route('applicantAcceptOffer')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  accept(@RouteParams() p: ParamsOf<'applicantAcceptOffer'>, @RouteBody() b: BodyOf<'applicantAcceptOffer'>) {
    return this.link.accept(p.applicationId, b.token);
  }

  @Route('applicantDeclineOffer')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  decline(@RouteParams() p: ParamsOf<'applicantDeclineOffer'>, @RouteBody() b: BodyOf<'applicantDeclineOffer'>) {
    return this.link.decline(p.applicationId, b.token);
  }

  @Route('applicantWithdraw')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  withdraw(@RouteParams() p: ParamsOf<'applicantWithdraw'>, @RouteBody() b: BodyOf<'applicantWithdraw'>) {
    return this.link.withdraw(p.applicationId, b.token);
  }
}

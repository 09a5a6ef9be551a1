import { Controller, Header, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { contentDisposition } from '../../platform/storage/storage.service';
import { OjtReviewsService } from './ojt-reviews.service';

/** Sends a frozen review's stored PDF as a download. */
function sendPdf(res: Response, pdf: { file: Buffer; name: string }) {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', contentDisposition(pdf.name, true));
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf.file);
}

/** The OJT reviews at weeks 4, 8 and 16: the trainee's, the coach's and the supervisor's (by link) sections, the cohort's view and the public check. */
@Controller()
export class OjtReviewsController {
  constructor(@Inject(OjtReviewsService) private readonly reviews: OjtReviewsService) {}

  @Route('myOjtReviews')
  mine(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myOjtReviews'>) {
    return this.reviews.mine(me, p.placementId);
  }

  @Route('myOjtReview')
  myReview(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myOjtReview'>) {
    return this.reviews.myReview(me, p.placementId, p.week);
  }

  @Route('saveMyOjtReview')
  saveMine(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'saveMyOjtReview'>, @RouteBody() body: BodyOf<'saveMyOjtReview'>) {
    return this.reviews.saveMine(me, p.placementId, p.week, body);
  }

  @Route('signMyOjtReview')
  signMine(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'signMyOjtReview'>) {
    return this.reviews.signMine(me, p.placementId, p.week);
  }

  @Route('myOjtReviewPdf')
  async myPdf(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myOjtReviewPdf'>, @Res() res: Response) {
    sendPdf(res, await this.reviews.myPdf(me, p.placementId, p.week));
  }

  @Route('coachOjtReviews')
  coachReviews(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'coachOjtReviews'>) {
    return this.reviews.coachReviews(me, p.cohortId, p.userIdSlug);
  }

  @Route('coachSaveOjtReview')
  coachSave(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'coachSaveOjtReview'>,
    @RouteBody() body: BodyOf<'coachSaveOjtReview'>,
  ) {
    return this.reviews.saveCoach(me, p.cohortId, p.userIdSlug, p.week, body);
  }

  @Route('coachSignOjtReview')
  coachSign(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'coachSignOjtReview'>) {
    return this.reviews.signCoach(me, p.cohortId, p.userIdSlug, p.week);
  }

  @Route('coachOjtReviewPdf')
  async coachPdf(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'coachOjtReviewPdf'>, @Res() res: Response) {
    sendPdf(res, await this.reviews.coachPdf(me, p.cohortId, p.userIdSlug, p.week));
  }

  @Route('adminCohortOjtReviews')
  cohort(@RouteParams() p: ParamsOf<'adminCohortOjtReviews'>) {
    return this.reviews.cohortReviews(p.cohortId);
  }

  @Route('supervisorOjtReview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  supervisor(@RouteBody() b: BodyOf<'supervisorOjtReview'>, @Req() req: Request) {
    return this.reviews.supervisorReview(b.token, req.ip ?? 'unknown');
  }

  @Route('saveSupervisorOjtReview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  supervisorSave(@RouteBody() b: BodyOf<'saveSupervisorOjtReview'>, @Req() req: Request) {
    return this.reviews.saveSupervisor(b.token, req.ip ?? 'unknown', b.section);
  }

  @Route('signSupervisorOjtReview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  supervisorSign(@RouteBody() b: BodyOf<'signSupervisorOjtReview'>, @Req() req: Request) {
    return this.reviews.signSupervisor(b.token, req.ip ?? 'unknown');
  }

  @Route('verifyOjtReview')
  verify(@RouteParams() p: ParamsOf<'verifyOjtReview'>) {
    return this.reviews.verify(p.reviewId, p.sha256);
  }
}

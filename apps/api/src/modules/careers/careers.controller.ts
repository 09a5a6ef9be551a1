import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { CareersService } from './careers.service';

/** Career support: the trainee's My career page, and the coach's trainee page and cohort pipeline. */
@Controller()
export class CareersController {
  constructor(@Inject(CareersService) private readonly careers: CareersService) {}

  @Route('myCareer')
  mine(@CurrentUser() me: AuthUser) {
    return this.careers.mine(me);
  }

  @Route('createMyJobApplication')
  create(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'createMyJobApplication'>) {
    return this.careers.create(me, body);
  }

  @Route('changeMyApplicationStage')
  changeStage(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'changeMyApplicationStage'>,
    @RouteBody() body: BodyOf<'changeMyApplicationStage'>,
  ) {
    return this.careers.changeStage(me, p.applicationId, body);
  }

  @Route('deleteMyJobApplication')
  remove(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'deleteMyJobApplication'>) {
    return this.careers.remove(me, p.applicationId);
  }

  @Route('staffTraineeCareer')
  trainee(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffTraineeCareer'>) {
    return this.careers.trainee(me, p.cohortId, p.userIdSlug);
  }

  @Route('staffRecordConversionOffer')
  recordOffer(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'staffRecordConversionOffer'>,
    @RouteBody() body: BodyOf<'staffRecordConversionOffer'>,
  ) {
    return this.careers.recordOffer(me, p.cohortId, p.userIdSlug, body);
  }

  @Route('staffCareerPipeline')
  pipeline(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffCareerPipeline'>) {
    return this.careers.pipeline(me, p.cohortId);
  }
}

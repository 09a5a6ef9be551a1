import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CoachingService } from './coaching.service';

/** Cohort coaches (set by admins on the cohort page) and the coach's home. Access comes from the route table. */
@Controller()
export class CoachingController {
  constructor(@Inject(CoachingService) private readonly coaching: CoachingService) {}

  @Route('adminCohortCoaches')
  coaches(@RouteParams() p: ParamsOf<'adminCohortCoaches'>) {
    return this.coaching.list(p.cohortId);
  }

  @Route('adminCohortCoachCandidates')
  candidates(@RouteParams() p: ParamsOf<'adminCohortCoachCandidates'>, @RouteQuery() q: QueryOf<'adminCohortCoachCandidates'>) {
    return this.coaching.candidates(p.cohortId, q.search_query);
  }

  @Route('adminCohortAssignCoach')
  assign(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminCohortAssignCoach'>,
    @RouteBody() body: BodyOf<'adminCohortAssignCoach'>,
  ) {
    return this.coaching.assign(me, p.cohortId, body.user_id_slug, body.trainee_id_slugs);
  }

  @Route('adminCohortCoachTrainees')
  trainees(@RouteParams() p: ParamsOf<'adminCohortCoachTrainees'>, @RouteBody() body: BodyOf<'adminCohortCoachTrainees'>) {
    return this.coaching.trainees(p.cohortId, p.userId, body.trainee_id_slugs);
  }

  @Route('adminCohortRemoveCoach')
  remove(@RouteParams() p: ParamsOf<'adminCohortRemoveCoach'>) {
    return this.coaching.remove(p.cohortId, p.userId);
  }

  @Route('coachMyTrainees')
  myTrainees(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'coachMyTrainees'>) {
    return this.coaching.myTrainees(me, q);
  }

  @Route('coachTrainee')
  trainee(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'coachTrainee'>) {
    return this.coaching.trainee(me, p.cohortId, p.userIdSlug);
  }
}

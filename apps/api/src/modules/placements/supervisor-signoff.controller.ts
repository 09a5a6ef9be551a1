import { Controller, Header, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { SupervisorSignoffService } from './supervisor-signoff.service';

/** The host supervisor's sign-off through their link (public), and the staff's unsigned weeks. */
@Controller()
export class SupervisorSignoffController {
  constructor(@Inject(SupervisorSignoffService) private readonly signoff: SupervisorSignoffService) {}

  @Route('supervisorWeek')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  week(@RouteBody() b: BodyOf<'supervisorWeek'>, @Req() req: Request) {
    return this.signoff.read(b.token, req.ip ?? 'unknown');
  }

  @Route('supervisorDecideWeek')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  decide(@RouteBody() b: BodyOf<'supervisorDecideWeek'>, @Req() req: Request) {
    return this.signoff.decide(b, req.ip ?? 'unknown');
  }

  @Route('coachUnsignedWeeks')
  coachQueue(@CurrentUser() me: AuthUser) {
    return this.signoff.coachQueue(me);
  }

  @Route('adminCohortUnsignedWeeks')
  cohortQueue(@RouteParams() p: ParamsOf<'adminCohortUnsignedWeeks'>) {
    return this.signoff.cohortQueue(p.cohortId);
  }

  @Route('staffResendWeekLink')
  resend(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffResendWeekLink'>) {
    return this.signoff.resend(me, p.placementId, p.week);
  }

  @Route('staffRevokeWeekLink')
  revoke(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffRevokeWeekLink'>) {
    return this.signoff.revoke(me, p.placementId, p.week);
  }
}

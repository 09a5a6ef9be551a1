import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { RetentionService } from './retention.service';

/** Data retention: each intake's period, and erasure requests (the applicant asks, an admin decides). */
@Controller()
export class RetentionController {
  constructor(@Inject(RetentionService) private readonly retention: RetentionService) {}

  @Route('admissionsRetention')
  get(@RouteParams() p: ParamsOf<'admissionsRetention'>) {
    return this.retention.retention(p.intake);
  }

  @Route('admissionsSetRetention')
  set(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsSetRetention'>, @RouteBody() b: BodyOf<'admissionsSetRetention'>) {
    return this.retention.setRetention(me, p.intake, b.months);
  }

  @Route('admissionsErasureRequests')
  requests(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'admissionsErasureRequests'>) {
    return this.retention.requests(me, q);
  }

  @Route('admissionsConfirmErasure')
  confirm(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsConfirmErasure'>) {
    return this.retention.confirm(me, p.applicationId);
  }

  @Route('admissionsRefuseErasure')
  refuse(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsRefuseErasure'>,
    @RouteBody() b: BodyOf<'admissionsRefuseErasure'>,
  ) {
    return this.retention.refuse(me, p.applicationId, b.reason);
  }

  @Route('applicantRequestErasure')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  request(@RouteParams() p: ParamsOf<'applicantRequestErasure'>, @RouteBody() b: BodyOf<'applicantRequestErasure'>) {
    return this.retention.request(p.applicationId, b.token);
  }
}

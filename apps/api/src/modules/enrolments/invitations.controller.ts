import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { InvitationsService } from './invitations.service';

/** Invitations of a cohort's queued people: list, resend one or all, withdraw; and the public look-up of a link. */
@Controller()
export class InvitationsController {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Route('adminCohortInvitations')
  list(@RouteParams() p: ParamsOf<'adminCohortInvitations'>, @RouteQuery() q: QueryOf<'adminCohortInvitations'>) {
    return this.invitations.list(p.cohortId, q);
  }

  @Route('adminResendInvitation')
  resend(@RouteParams() p: ParamsOf<'adminResendInvitation'>, @RouteBody() body: BodyOf<'adminResendInvitation'>) {
    return this.invitations.resend(p.cohortId, body.email);
  }

  @Route('adminResendAllInvitations')
  resendAll(@RouteParams() p: ParamsOf<'adminResendAllInvitations'>) {
    return this.invitations.resendAll(p.cohortId);
  }

  @Route('adminWithdrawQueued')
  withdraw(@RouteParams() p: ParamsOf<'adminWithdrawQueued'>, @RouteBody() body: BodyOf<'adminWithdrawQueued'>) {
    return this.invitations.withdraw(p.cohortId, body.email);
  }

  /** The answer names the invited person: never stored by a browser or a proxy, nor its refusals. */
  @Route('invitationLookup')
  @WrongSecretLimit()
  lookup(@RouteBody() body: BodyOf<'invitationLookup'>, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return this.invitations.lookup(body.token);
  }
}

import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { AdmissionMailService } from './admission-mail.service';
import { DeclarationsService } from './declarations.service';

/** An intake's admissions mail (templates, reply-to) and reviewers' conflict-of-interest declarations. */
@Controller()
export class AdmissionsMailController {
  constructor(
    @Inject(AdmissionMailService) private readonly mail: AdmissionMailService,
    @Inject(DeclarationsService) private readonly declarations: DeclarationsService,
  ) {}

  @Route('admissionsIntakeMail')
  intakeMail(@RouteParams() p: ParamsOf<'admissionsIntakeMail'>) {
    return this.mail.intakeMail(p.intake);
  }

  @Route('admissionsSaveMailTemplate')
  save(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSaveMailTemplate'>,
    @RouteBody() b: BodyOf<'admissionsSaveMailTemplate'>,
  ) {
    return this.mail.save(me, p.intake, p.kind, b);
  }

  @Route('admissionsPreviewMailTemplate')
  preview(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsPreviewMailTemplate'>,
    @RouteBody() b: BodyOf<'admissionsPreviewMailTemplate'>,
  ) {
    return this.mail.preview(me, p.intake, p.kind, b);
  }

  @Route('admissionsSetReplyTo')
  setReplyTo(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsSetReplyTo'>,
    @RouteBody() b: BodyOf<'admissionsSetReplyTo'>,
  ) {
    return this.mail.setReplyTo(me, p.intake, b.reply_to);
  }

  @Route('admissionsReviewDeclaration')
  declaration(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsReviewDeclaration'>) {
    return this.declarations.declaration(me, 'review', p.applicationId);
  }

  @Route('admissionsDeclareConflict')
  declare(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsDeclareConflict'>,
    @RouteBody() b: BodyOf<'admissionsDeclareConflict'>,
  ) {
    return this.declarations.declare(me, 'review', p.applicationId, b);
  }

  @Route('admissionsConflicts')
  conflicts(@RouteParams() p: ParamsOf<'admissionsConflicts'>) {
    return this.declarations.conflicts(p.applicationId);
  }
}

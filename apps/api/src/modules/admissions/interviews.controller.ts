import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { DeclarationsService } from './declarations.service';
import { InterviewSlotsService } from './interview-slots.service';
import { InterviewsService } from './interviews.service';

/** Interviews: the admins' slots and rubric, the panel's scores and no-shows, the applicant's booking by their private link. */
@Controller()
export class InterviewsController {
  constructor(
    @Inject(InterviewsService) private readonly interviews: InterviewsService,
    @Inject(InterviewSlotsService) private readonly slotAdmin: InterviewSlotsService,
    @Inject(DeclarationsService) private readonly declarations: DeclarationsService,
  ) {}

  @Route('admissionsInterviewSlots')
  slots(@RouteParams() p: ParamsOf<'admissionsInterviewSlots'>) {
    return this.slotAdmin.slots(p.intake);
  }

  @Route('admissionsCreateInterviewSlot')
  create(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsCreateInterviewSlot'>,
    @RouteBody() b: BodyOf<'admissionsCreateInterviewSlot'>,
  ) {
    return this.slotAdmin.createSlot(me, p.intake, b);
  }

  @Route('admissionsUpdateInterviewSlot')
  update(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsUpdateInterviewSlot'>,
    @RouteBody() b: BodyOf<'admissionsUpdateInterviewSlot'>,
  ) {
    return this.slotAdmin.updateSlot(me, p.slotId, b);
  }

  @Route('admissionsCancelInterviewSlot')
  cancelSlot(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsCancelInterviewSlot'>,
    @RouteBody() b: BodyOf<'admissionsCancelInterviewSlot'>,
  ) {
    return this.slotAdmin.cancelSlot(me, p.slotId, b.reason);
  }

  @Route('admissionsDeleteInterviewSlot')
  remove(@RouteParams() p: ParamsOf<'admissionsDeleteInterviewSlot'>) {
    return this.slotAdmin.deleteSlot(p.slotId);
  }

  @Route('admissionsInterviewRubric')
  rubric(@RouteParams() p: ParamsOf<'admissionsInterviewRubric'>) {
    return this.slotAdmin.rubric(p.intake);
  }

  @Route('admissionsUpdateInterviewRubric')
  updateRubric(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsUpdateInterviewRubric'>,
    @RouteBody() b: BodyOf<'admissionsUpdateInterviewRubric'>,
  ) {
    return this.slotAdmin.updateRubric(me, p.intake, b);
  }

  @Route('admissionsMyInterviews')
  mine(@CurrentUser() me: AuthUser) {
    return this.interviews.myInterviews(me);
  }

  @Route('admissionsInterview')
  detail(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsInterview'>) {
    return this.interviews.detail(me, p.applicationId);
  }

  @Route('admissionsInterviewDeclaration')
  declaration(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsInterviewDeclaration'>) {
    return this.declarations.declaration(me, 'interview', p.applicationId);
  }

  @Route('admissionsInterviewDeclare')
  declare(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsInterviewDeclare'>,
    @RouteBody() b: BodyOf<'admissionsInterviewDeclare'>,
  ) {
    return this.declarations.declare(me, 'interview', p.applicationId, b);
  }

  @Route('admissionsScoreInterview')
  score(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'admissionsScoreInterview'>,
    @RouteBody() b: BodyOf<'admissionsScoreInterview'>,
  ) {
    return this.interviews.score(me, p.applicationId, b);
  }

  @Route('admissionsInterviewNoShow')
  noShow(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'admissionsInterviewNoShow'>) {
    return this.interviews.noShow(me, p.applicationId);
  }

  @Route('applicantInterview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  applicant(@RouteParams() p: ParamsOf<'applicantInterview'>, @RouteBody() b: BodyOf<'applicantInterview'>) {
    return this.interviews.applicant(p.applicationId, b.token);
  }

  @Route('applicantBookInterview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  book(@RouteParams() p: ParamsOf<'applicantBookInterview'>, @RouteBody() b: BodyOf<'applicantBookInterview'>) {
    return this.interviews.book(p.applicationId, b.token, b.slot_id);
  }

  @Route('applicantCancelInterview')
  @WrongSecretLimit()
  @Header('Cache-Control', 'no-store')
  cancel(@RouteParams() p: ParamsOf<'applicantCancelInterview'>, @RouteBody() b: BodyOf<'applicantCancelInterview'>) {
    return this.interviews.cancel(p.applicationId, b.token);
  }
}

import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { AttendanceImportService } from './attendance-import.service';
import { AttendanceRegisterService } from './attendance-register.service';
import { CheckInService } from './check-in.service';
import { LiveSessionsService } from './live-sessions.service';

/** Live sessions: the admin console's cohort page (staff) and the learner portal's class page. */
@Controller()
export class LiveSessionsController {
  constructor(
    @Inject(LiveSessionsService) private readonly sessions: LiveSessionsService,
    @Inject(CheckInService) private readonly checkIns: CheckInService,
    @Inject(AttendanceRegisterService) private readonly registers: AttendanceRegisterService,
    @Inject(AttendanceImportService) private readonly imports: AttendanceImportService,
  ) {}

  @Route('adminCohortSessions')
  list(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCohortSessions'>) {
    return this.sessions.list(me, p.cohortId);
  }

  @Route('adminCreateSession')
  create(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCreateSession'>, @RouteBody() body: BodyOf<'adminCreateSession'>) {
    return this.sessions.create(me, p.cohortId, body);
  }

  @Route('adminUpdateSession')
  update(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminUpdateSession'>, @RouteBody() body: BodyOf<'adminUpdateSession'>) {
    return this.sessions.update(me, p.cohortId, p.sessionId, body);
  }

  @Route('adminCancelSession')
  cancel(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCancelSession'>) {
    return this.sessions.cancel(me, p.cohortId, p.sessionId);
  }

  @Route('adminSessionRegister')
  register(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminSessionRegister'>) {
    return this.sessions.register(me, p.cohortId, p.sessionId);
  }

  @Route('adminMarkAttendance')
  mark(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminMarkAttendance'>, @RouteBody() body: BodyOf<'adminMarkAttendance'>) {
    return this.sessions.mark(me, p.cohortId, p.sessionId, body);
  }

  @Route('adminPreviewAttendanceImport')
  previewImport(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminPreviewAttendanceImport'>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.imports.preview(me, p.cohortId, p.sessionId, req, res);
  }

  @Route('adminConfirmAttendanceImport')
  confirmImport(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminConfirmAttendanceImport'>,
    @RouteBody() body: BodyOf<'adminConfirmAttendanceImport'>,
  ) {
    return this.imports.confirm(me, p.cohortId, p.sessionId, body);
  }

  @Route('userCohortSessions')
  forStudent(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userCohortSessions'>) {
    return this.sessions.forStudent(me, p.cohortId, p.userIdSlug);
  }

  @Route('adminSessionCheckInCode')
  checkInCode(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminSessionCheckInCode'>) {
    return this.checkIns.code(me, p.cohortId, p.sessionId);
  }

  @Route('userSessionCheckIn')
  checkIn(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userSessionCheckIn'>, @RouteBody() body: BodyOf<'userSessionCheckIn'>) {
    return this.checkIns.checkIn(me, p.cohortId, p.sessionId, body.code);
  }

  @Route('adminAttendanceRegisters')
  attendanceRegisters(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminAttendanceRegisters'>) {
    return this.registers.list(me, p.cohortId);
  }

  @Route('adminRequestAttendanceRegister')
  requestAttendanceRegister(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminRequestAttendanceRegister'>,
    @RouteBody() body: BodyOf<'adminRequestAttendanceRegister'>,
  ) {
    return this.registers.request(me, p.cohortId, body.month);
  }

  @Route('adminCloseAttendanceMonth')
  closeAttendanceMonth(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCloseAttendanceMonth'>) {
    return this.registers.close(me, p.cohortId, p.month);
  }

  @Route('adminAttendanceCorrections')
  attendanceCorrections(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminAttendanceCorrections'>) {
    return this.registers.corrections(me, p.cohortId);
  }

  @Route('adminApproveAttendanceCorrection')
  approveCorrection(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminApproveAttendanceCorrection'>) {
    return this.registers.decide(me, p.cohortId, p.correctionId, true);
  }

  @Route('adminRefuseAttendanceCorrection')
  refuseCorrection(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminRefuseAttendanceCorrection'>) {
    return this.registers.decide(me, p.cohortId, p.correctionId, false);
  }
}

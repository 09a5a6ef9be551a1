import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { FinanceService } from './finance.service';

/** The finance permission, trainees' payment details and the audit log. */
@Controller()
export class FinanceController {
  constructor(@Inject(FinanceService) private readonly finance: FinanceService) {}

  @Route('adminStaffList')
  staff() {
    return this.finance.staffList();
  }

  @Route('adminSetFinance')
  setFinance(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminSetFinance'>, @RouteBody() body: BodyOf<'adminSetFinance'>) {
    return this.finance.setFinance(me, p.userIdSlug, body.finance);
  }

  @Route('myPaymentDetails')
  mine(@CurrentUser() me: AuthUser) {
    return this.finance.myDetails(me);
  }

  @Route('saveMyPaymentDetails')
  saveMine(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'saveMyPaymentDetails'>) {
    return this.finance.saveMine(me, body);
  }

  @Route('adminStudentSummary')
  student(@RouteParams() p: ParamsOf<'adminStudentSummary'>) {
    return this.finance.studentSummary(p.userIdSlug);
  }

  @Route('adminStudentPaymentDetails')
  details(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminStudentPaymentDetails'>) {
    return this.finance.studentDetails(me, p.userIdSlug);
  }

  @Route('adminSaveStudentPaymentDetails')
  saveDetails(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminSaveStudentPaymentDetails'>,
    @RouteBody() body: BodyOf<'adminSaveStudentPaymentDetails'>,
  ) {
    return this.finance.saveStudentDetails(me, p.userIdSlug, body);
  }

  @Route('adminAuditLog')
  audit(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'adminAuditLog'>) {
    return this.finance.auditLog(me, q);
  }
}

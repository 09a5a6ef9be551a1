import { defineRoutes } from '../common/route';
import { UserIdParamsSchema } from '../auth/auth.schemas';
import {
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  MyPaymentDetailsResponseSchema,
  PaymentDetailsInputSchema,
  SetFinanceSchema,
  AdminStaffListResponseSchema,
  AdminStaffMemberResponseSchema,
  StudentPaymentDetailsResponseSchema,
  StudentSummaryResponseSchema,
} from './finance.schemas';

/**
 * The finance permission, trainees' payment details (encrypted at rest) and the audit log. Amounts
 * and bank details are read only by admins holding the finance permission, and every such read is
 * recorded.
 */
export const financeRoutes = defineRoutes({
  adminStaffList: {
    method: 'GET',
    path: 'finance/admin/staff/',
    response: AdminStaffListResponseSchema,
    auth: 'admin',
    summary: 'The admin accounts, each with whether it holds the finance permission',
  },
  adminSetFinance: {
    method: 'PUT',
    path: 'finance/admin/staff/:userIdSlug/finance',
    params: UserIdParamsSchema,
    body: SetFinanceSchema,
    response: AdminStaffMemberResponseSchema,
    auth: 'admin',
    summary: "Grant or remove another admin's finance permission (takes effect on their next request); recorded in the audit log",
  },
  myPaymentDetails: {
    method: 'GET',
    path: 'finance/me/payment-details/',
    response: MyPaymentDetailsResponseSchema,
    auth: 'user',
    summary: "The trainee's own allowance payment details, masked",
  },
  saveMyPaymentDetails: {
    method: 'PUT',
    path: 'finance/me/payment-details/',
    body: PaymentDetailsInputSchema,
    response: MyPaymentDetailsResponseSchema,
    auth: 'user',
    summary: 'A trainee enters or replaces their own allowance payment details (stored encrypted)',
  },
  adminStudentSummary: {
    method: 'GET',
    path: 'finance/admin/students/:userIdSlug/',
    params: UserIdParamsSchema,
    response: StudentSummaryResponseSchema,
    auth: 'admin',
    summary: "A student's name and email, for the admin console's student page",
  },
  adminStudentPaymentDetails: {
    method: 'GET',
    path: 'finance/admin/students/:userIdSlug/payment-details',
    params: UserIdParamsSchema,
    response: StudentPaymentDetailsResponseSchema,
    auth: 'admin',
    summary: "A trainee's payment details in full: finance permission only; each read is recorded in the audit log",
  },
  adminSaveStudentPaymentDetails: {
    method: 'PUT',
    path: 'finance/admin/students/:userIdSlug/payment-details',
    params: UserIdParamsSchema,
    body: PaymentDetailsInputSchema,
    response: StudentPaymentDetailsResponseSchema,
    auth: 'admin',
    summary: "Correct a trainee's payment details: finance permission only; recorded in the audit log",
  },
  adminAuditLog: {
    method: 'GET',
    path: 'finance/admin/audit-log/',
    query: AuditLogQuerySchema,
    response: AuditLogResponseSchema,
    auth: 'admin',
    summary: 'The audit log, newest first, filterable by action and subject: finance permission only',
  },
});

import { z } from 'zod';
import { ApplicationIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import { ApplicantStatusSchema, ApplicantTokenSchema, IntakeParamsSchema } from './admissions.schemas';
import {
  ErasureDecisionResponseSchema,
  ErasureRequestsQuerySchema,
  ErasureRequestsResponseSchema,
  RefuseErasureSchema,
  RetentionResponseSchema,
  RetentionSchema,
} from './retention.schemas';

export const ErasureRequestedResponseSchema = z.object({ data: ApplicantStatusSchema, message: z.string() });
export type ErasureRequestedResponse = z.infer<typeof ErasureRequestedResponseSchema>;

/**
 * Records kept no longer than needed: each intake's retention period for unsuccessful applications
 * (anonymised by a daily job), and erasure on request: asked through the applicant's private link,
 * confirmed or refused by an admin.
 */
export const admissionsRetentionRoutes = defineRoutes({
  admissionsRetention: {
    method: 'GET',
    path: 'admissions/admin/intakes/:intake/retention',
    params: IntakeParamsSchema,
    response: RetentionResponseSchema,
    auth: 'admin',
    summary: 'How many months the intake keeps unsuccessful applications before anonymising them (default 24)',
  },
  admissionsSetRetention: {
    method: 'PUT',
    path: 'admissions/admin/intakes/:intake/retention',
    params: IntakeParamsSchema,
    body: RetentionSchema,
    response: RetentionResponseSchema,
    auth: 'admin',
    summary: "Sets the intake's retention period for unsuccessful applications, in months (1 to 120)",
  },
  admissionsErasureRequests: {
    method: 'GET',
    path: 'admissions/admin/erasure-requests',
    query: ErasureRequestsQuerySchema,
    response: ErasureRequestsResponseSchema,
    auth: 'admin',
    summary: "Applicants' requests to erase their data (pending first, then the latest decided), each view audited",
  },
  admissionsConfirmErasure: {
    method: 'POST',
    path: 'admissions/admin/applications/:applicationId/erasure/confirm',
    params: ApplicationIdParamsSchema,
    response: ErasureDecisionResponseSchema,
    auth: 'admin',
    summary:
      'Confirms a pending erasure request: the application (withdrawn first if still in progress) is anonymised at once, logged, and the applicant mailed',
  },
  admissionsRefuseErasure: {
    method: 'POST',
    path: 'admissions/admin/applications/:applicationId/erasure/refuse',
    params: ApplicationIdParamsSchema,
    body: RefuseErasureSchema,
    response: ErasureDecisionResponseSchema,
    auth: 'admin',
    summary: 'Refuses a pending erasure request with the reason, which the applicant is mailed',
  },
  applicantRequestErasure: {
    method: 'POST',
    path: 'admissions/status/:applicationId/erasure',
    params: ApplicationIdParamsSchema,
    body: ApplicantTokenSchema,
    response: ErasureRequestedResponseSchema,
    auth: 'public',
    summary:
      'The applicant asks for their personal data to be erased (staff confirm); refused with the reason while an offer is open or a place taken',
  },
});

import { defineRoutes } from '../common/route';
import { CohortIdParamsSchema } from '../common/common.schemas';
import { PlacementWeekParamsSchema } from './logbook.schemas';
import {
  ResendWeekLinkResponseSchema,
  SupervisorDecisionSchema,
  SupervisorTokenSchema,
  SupervisorWeekResponseSchema,
  UnsignedWeeksResponseSchema,
} from './supervisor.schemas';
import { z } from 'zod';

/**
 * The host supervisor's sign-off of a logbook week through the link mailed to them (public, the
 * token in the body; wrong tokens are rate-limited), and the staff's view of weeks left unsigned.
 */
export const supervisorSignoffRoutes = defineRoutes({
  supervisorWeek: {
    method: 'POST',
    path: 'placements/supervisor/week',
    body: SupervisorTokenSchema,
    response: SupervisorWeekResponseSchema,
    auth: 'public',
    summary:
      "The week a supervisor's link opens: trainee, host, dates, each day and the hours against the target (wrong token: 404; expired, used or revoked: 410)",
  },
  supervisorDecideWeek: {
    method: 'POST',
    path: 'placements/supervisor/week/decision',
    body: SupervisorDecisionSchema,
    response: SupervisorWeekResponseSchema.extend({ message: z.string() }),
    auth: 'public',
    summary: 'Approves the week, or returns it with a comment (required), through the link; the link is spent',
  },
  coachUnsignedWeeks: {
    method: 'GET',
    path: 'placements/staff/unsigned-weeks',
    response: UnsignedWeeksResponseSchema,
    auth: 'staff',
    summary: "The caller's trainees' weeks unsigned 7 days after submission, oldest first",
  },
  adminCohortUnsignedWeeks: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/placements/unsigned-weeks',
    params: CohortIdParamsSchema,
    response: UnsignedWeeksResponseSchema,
    auth: 'admin',
    summary: "The cohort's weeks unsigned 7 days after submission, oldest first",
  },
  staffResendWeekLink: {
    method: 'POST',
    path: 'placements/staff/:placementId/logbook/:week/supervisor-link',
    params: PlacementWeekParamsSchema,
    response: ResendWeekLinkResponseSchema,
    auth: 'staff',
    summary: "Revokes the submitted week's link and mails the supervisor a fresh one (an admin, or the trainee's coach)",
  },
  staffRevokeWeekLink: {
    method: 'DELETE',
    path: 'placements/staff/:placementId/logbook/:week/supervisor-link',
    params: PlacementWeekParamsSchema,
    response: ResendWeekLinkResponseSchema,
    auth: 'staff',
    summary: "Revokes the week's working link (an admin, or the trainee's coach)",
  },
});

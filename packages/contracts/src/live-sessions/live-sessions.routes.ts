import { CohortIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import {
  CohortSessionParamsSchema,
  CohortSessionsUserParamsSchema,
  LiveSessionResponseSchema,
  MarkAttendanceSchema,
  RegisterResponseSchema,
  LiveSessionsResponseSchema,
  SaveLiveSessionSchema,
  StudentLiveSessionsResponseSchema,
} from './live-sessions.schemas';

/** A cohort's live sessions: staff schedule them (instructors on the cohorts they teach), students see their own cohort's. */
export const liveSessionsRoutes = defineRoutes({
  adminCohortSessions: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/sessions',
    params: CohortIdParamsSchema,
    response: LiveSessionsResponseSchema,
    auth: 'staff',
    summary: "The cohort's live sessions by start, cancelled ones included",
  },
  adminCreateSession: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/sessions',
    params: CohortIdParamsSchema,
    body: SaveLiveSessionSchema,
    response: LiveSessionResponseSchema,
    auth: 'staff',
    successStatus: 201,
    summary: 'Schedules a live session (online with a meeting link, or on site with a place)',
  },
  adminUpdateSession: {
    method: 'PUT',
    path: 'cohorts/admin/:cohortId/sessions/:sessionId',
    params: CohortSessionParamsSchema,
    body: SaveLiveSessionSchema,
    response: LiveSessionResponseSchema,
    auth: 'staff',
    summary: 'Edits a live session',
  },
  adminCancelSession: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/sessions/:sessionId/cancel',
    params: CohortSessionParamsSchema,
    response: LiveSessionResponseSchema,
    auth: 'staff',
    summary: 'Cancels a live session (kept, marked cancelled)',
  },
  adminSessionRegister: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/sessions/:sessionId/register',
    params: CohortSessionParamsSchema,
    response: RegisterResponseSchema,
    auth: 'staff',
    summary: "A session's register: each trainee's latest mark (absent by default once the session has ended)",
  },
  adminMarkAttendance: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/sessions/:sessionId/register',
    params: CohortSessionParamsSchema,
    body: MarkAttendanceSchema,
    response: RegisterResponseSchema,
    auth: 'staff',
    summary: 'Marks one trainee by hand, kept as a new entry (after the session ends, with the reason)',
  },
  userCohortSessions: {
    method: 'GET',
    path: 'cohorts/:cohortId/sessions/user/:userIdSlug/',
    params: CohortSessionsUserParamsSchema,
    response: StudentLiveSessionsResponseSchema,
    auth: 'user',
    summary: "The student's cohort's live sessions; the meeting link only from 15 minutes before the start",
  },
});

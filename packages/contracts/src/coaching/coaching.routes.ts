import { defineRoutes } from '../common/route';
import { CohortIdParamsSchema } from '../common/common.schemas';
import { UserCohortViewParamsSchema } from '../learning/learning.schemas';
import {
  AssignCoachSchema,
  CoachCandidatesQuerySchema,
  CoachTraineesSchema,
  CohortCoachesResponseSchema,
  CohortCoachParamsSchema,
  MyTraineesQuerySchema,
  MyTraineesResponseSchema,
  MyTraineeSchema,
} from './coaching.schemas';
import { CohortInstructorsResponseSchema } from '../cohorts/cohorts.schemas';
import { z } from 'zod';

export const coachingRoutes = defineRoutes({
  adminCohortCoaches: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/coaches',
    params: CohortIdParamsSchema,
    response: CohortCoachesResponseSchema,
    auth: 'admin',
    summary: "The cohort's coaches by name, each with the trainees chosen for them (none: the whole cohort)",
  },
  adminCohortCoachCandidates: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/coaches/candidates',
    params: CohortIdParamsSchema,
    query: CoachCandidatesQuerySchema,
    response: CohortInstructorsResponseSchema,
    auth: 'admin',
    summary: 'Staff accounts (INSTRUCTOR, ADMIN; not suspended) not yet coaching the cohort, searched by name or email; at most 20',
  },
  adminCohortAssignCoach: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/coaches',
    params: CohortIdParamsSchema,
    body: AssignCoachSchema,
    response: CohortCoachesResponseSchema,
    auth: 'admin',
    successStatus: 201,
    summary: "Makes a staff account a coach of the cohort, of the trainees listed (none: the whole cohort); answers the cohort's coaches",
  },
  adminCohortCoachTrainees: {
    method: 'PUT',
    path: 'cohorts/admin/:cohortId/coaches/:userId/trainees',
    params: CohortCoachParamsSchema,
    body: CoachTraineesSchema,
    response: CohortCoachesResponseSchema,
    auth: 'admin',
    summary: "Sets the trainees a coach follows (none: the whole cohort), taking effect at once; answers the cohort's coaches",
  },
  adminCohortRemoveCoach: {
    method: 'DELETE',
    path: 'cohorts/admin/:cohortId/coaches/:userId',
    params: CohortCoachParamsSchema,
    response: CohortCoachesResponseSchema,
    auth: 'admin',
    summary: "Removes a coach from the cohort (their reach to its trainees ends at once); answers the cohort's coaches",
  },
  coachMyTrainees: {
    method: 'GET',
    path: 'coaching/my-trainees',
    query: MyTraineesQuerySchema,
    response: MyTraineesResponseSchema,
    auth: 'staff',
    summary: 'The trainees the signed-in staff member coaches (every cohort), by name, searched by name or email',
  },
  coachTrainee: {
    method: 'GET',
    path: 'coaching/trainees/:cohortId/:userIdSlug',
    params: UserCohortViewParamsSchema,
    response: z.object({ data: MyTraineeSchema }),
    auth: 'staff',
    summary: "One trainee's enrolment in a cohort, for an admin or a coach who follows them",
  },
});

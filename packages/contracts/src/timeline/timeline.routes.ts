import { CohortIdParamsSchema, LessonIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import { CohortSessionsUserParamsSchema } from '../live-sessions/live-sessions.schemas';
import {
  ClosureIdParamsSchema,
  LessonDateTemplateResponseSchema,
  LessonDateTemplateSchema,
  SaveTimelineShiftSchema,
  SchoolClosureSchema,
  SchoolClosuresResponseSchema,
  StudentScheduleResponseSchema,
  TimelineChangeSchema,
  TimelinePreviewResponseSchema,
  CohortTimelineResponseSchema,
  TimelineSavedResponseSchema,
} from './timeline.schemas';

/**
 * The programme timeline: a cohort's phases and every dated thing, fixed or counted from an anchor;
 * changes are previewed, then saved in one transaction with one mail per student whose dates moved.
 */
export const timelineRoutes = defineRoutes({
  adminCohortTimeline: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/timeline',
    params: CohortIdParamsSchema,
    response: CohortTimelineResponseSchema,
    auth: 'staff',
    summary: "The cohort's phases and dated things by time, each with its rule",
  },
  adminPreviewTimeline: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/timeline/preview',
    params: CohortIdParamsSchema,
    body: TimelineChangeSchema,
    response: TimelinePreviewResponseSchema,
    auth: 'admin',
    summary: 'What a change to the start, the phases, the holidays or the rules would move, saving nothing',
  },
  adminSaveTimeline: {
    method: 'PUT',
    path: 'cohorts/admin/:cohortId/timeline',
    params: CohortIdParamsSchema,
    body: TimelineChangeSchema,
    response: TimelineSavedResponseSchema,
    auth: 'admin',
    summary: 'Saves the change and every date that depends on it at once; each student whose dates moved gets one mail',
  },
  adminPreviewTimelineShift: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/timeline/shifts/preview',
    params: CohortIdParamsSchema,
    body: SaveTimelineShiftSchema,
    response: TimelinePreviewResponseSchema,
    auth: 'admin',
    summary: "What making one student's phase longer would move for them, saving nothing",
  },
  adminSaveTimelineShift: {
    method: 'PUT',
    path: 'cohorts/admin/:cohortId/timeline/shifts',
    params: CohortIdParamsSchema,
    body: SaveTimelineShiftSchema,
    response: TimelineSavedResponseSchema,
    auth: 'admin',
    summary: "Makes one student's phase longer (0 days: as the cohort's again); their dates after it move as extensions",
  },
  adminSchoolClosures: {
    method: 'GET',
    path: 'timeline/admin/closures',
    response: SchoolClosuresResponseSchema,
    auth: 'staff',
    summary: "The school's own closures, which school-day offsets skip",
  },
  adminAddSchoolClosure: {
    method: 'POST',
    path: 'timeline/admin/closures',
    body: SchoolClosureSchema,
    response: SchoolClosuresResponseSchema,
    auth: 'admin',
    successStatus: 201,
    summary: 'Adds a closure; dates counted in school days move in every cohort',
  },
  adminDeleteSchoolClosure: {
    method: 'DELETE',
    path: 'timeline/admin/closures/:closureId',
    params: ClosureIdParamsSchema,
    response: SchoolClosuresResponseSchema,
    auth: 'admin',
    summary: 'Removes a closure; dates counted in school days move back in every cohort',
  },
  adminLessonDateTemplateGet: {
    method: 'GET',
    path: 'courses/admin/lessons/:lessonId/date-template',
    params: LessonIdParamsSchema,
    response: LessonDateTemplateResponseSchema,
    auth: 'admin',
    summary: "A quiz or project lesson's dates in every cohort of its course, as offsets (null: the cohort's defaults)",
  },
  adminLessonDateTemplate: {
    method: 'PUT',
    path: 'courses/admin/lessons/:lessonId/date-template',
    params: LessonIdParamsSchema,
    body: LessonDateTemplateSchema,
    response: LessonDateTemplateResponseSchema,
    auth: 'admin',
    summary:
      "A quiz or project lesson's dates, as offsets, in every cohort that links its course from now on (running cohorts keep theirs)",
  },
  userCohortSchedule: {
    method: 'GET',
    path: 'cohorts/:cohortId/user/:userIdSlug/schedule',
    params: CohortSessionsUserParamsSchema,
    response: StudentScheduleResponseSchema,
    auth: 'user',
    summary: "The student's phases and dated things (their own extensions and longer phases included)",
  },
});

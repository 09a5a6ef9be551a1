import { defineRoutes } from '../common/route';
import { CohortIdParamsSchema, UserIdSlugParamsSchema } from '../common/common.schemas';
import {
  CertificateDocumentParamsSchema,
  CertificateDocumentResponseSchema,
  MarkLessonCompleteResponseSchema,
  MarkLessonCompleteSchema,
  UserCohortsResponseSchema,
  UserCohortViewParamsSchema,
  UserCohortViewResponseSchema,
  UserCourseViewParamsSchema,
  UserCourseViewResponseSchema,
  VideoUrlQuerySchema,
  VideoUrlResponseSchema,
} from './learning.schemas';

export const learningRoutes = defineRoutes({
  userCohorts: {
    method: 'GET',
    path: 'user-cohorts/user/:userIdSlug/',
    params: UserIdSlugParamsSchema,
    response: UserCohortsResponseSchema,
    auth: 'user',
    summary: "The student's cohorts for the dashboard",
  },
  userCohortView: {
    method: 'GET',
    path: 'cohorts/:cohortId/user/:userIdSlug/',
    params: UserCohortViewParamsSchema,
    response: UserCohortViewResponseSchema,
    auth: 'user',
    summary: 'A cohort as one student sees it: courses, progress, grades, certificates',
  },
  userCourseView: {
    method: 'GET',
    path: 'cohorts/:cohortId/courses/:courseId/user/:userIdSlug/',
    params: UserCourseViewParamsSchema,
    response: UserCourseViewResponseSchema,
    auth: 'user',
    summary: 'A course of a cohort with every lesson in full (serves the lesson page)',
  },
  videoUrl: {
    method: 'GET',
    path: 'lessons/video/url',
    query: VideoUrlQuerySchema,
    response: VideoUrlResponseSchema,
    auth: 'user',
    summary: 'A short-lived signed URL for a lesson video',
  },
  markLessonComplete: {
    method: 'PATCH',
    path: 'cohorts/admin/:cohortId/mark-lesson-complete',
    params: CohortIdParamsSchema,
    body: MarkLessonCompleteSchema,
    response: MarkLessonCompleteResponseSchema,
    auth: 'user',
    summary: "Mark a lesson complete for the signed-in student (the student's own call)",
  },
  certificateDocument: {
    method: 'GET',
    path: 'cohorts/:cohortId/certificates/:certificateId/user/:userIdSlug/document',
    params: CertificateDocumentParamsSchema,
    response: CertificateDocumentResponseSchema,
    auth: 'user',
    summary: "Signed URLs to view and download a completed certificate's PDF",
  },
});

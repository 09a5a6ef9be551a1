/** The learner portal's routes. */
export const paths = {
  dashboard: '/student',
  settings: '/student/settings',
  myLearning: '/student/my-learning',
  help: '/student/help',
  allowance: '/student/allowance',
  career: '/student/career',
  logbook: (placementId: string) => `/student/placements/${encodeURIComponent(placementId)}/logbook`,
  logbookWeek: (placementId: string, week: number) => `/student/placements/${encodeURIComponent(placementId)}/logbook/${week}`,
  review: (placementId: string, week: number) => `/student/placements/${encodeURIComponent(placementId)}/reviews/${week}`,
  apply: '/apply',
  cohort: (cohortId: string, tab?: number) => `/class/${cohortId}${tab ? `?tab=${tab}` : ''}`,
  lesson: (cohortId: string, courseId: string, lessonId: string) => `/class/${cohortId}/course/${courseId}/lesson/${lessonId}`,
  project: (cohortId: string, courseId: string, lessonId: string, sessionId: string) =>
    `/class/${cohortId}/course/${courseId}/lesson/${lessonId}/project/${sessionId}`,
  quiz: (cohortId: string, courseId: string, lessonId: string, sessionId: string) =>
    `/class/${cohortId}/course/${courseId}/lesson/${lessonId}/quiz/${sessionId}`,
};

import { announcementsRoutes } from './announcements/announcements.routes';
import { allowanceRoutes } from './allowance/allowance.routes';
import { admissionsRoutes } from './admissions/admissions.routes';
import { admissionsRetentionRoutes } from './admissions/retention.routes';
import { admissionsMailRoutes } from './admissions/admissions-mail.routes';
import { interviewsRoutes } from './admissions/interviews.routes';
import { programmeRoutes } from './applications/applications.routes';
import { applicationsAnalyticsRoutes } from './applications/applications-analytics.routes';
import { authRoutes } from './auth/auth.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { careersRoutes } from './careers/careers.routes';
import { certificatesRoutes } from './certificates/certificates.routes';
import { coachingRoutes } from './coaching/coaching.routes';
import { cohortsRoutes } from './cohorts/cohorts.routes';
import type { RouteDef } from './common/route';
import { coursesRoutes } from './courses/courses.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { enrolmentsRoutes } from './enrolments/enrolments.routes';
import { formsRoutes } from './forms/forms.routes';
import { gradingRoutes } from './grading/grading.routes';
import { learningRoutes } from './learning/learning.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { liveSessionsRoutes } from './live-sessions/live-sessions.routes';
import { lessonMediaRoutes } from './lesson-media/lesson-media.routes';
import { platformRoutes } from './platform/platform.routes';
import { quizzesRoutes } from './quizzes/quizzes.routes';
import { timelineRoutes } from './timeline/timeline.routes';
import { financeRoutes } from './finance/finance.routes';
import { supervisorSignoffRoutes } from './placements/supervisor.routes';
import { evidencePackRoutes, logbookRoutes, placementBreaksRoutes, placementsRoutes } from './placements/placements.routes';
import { ojtReviewRoutes } from './placements/ojt-reviews.routes';

/** The admin console's calls (and the instructor home's), by domain. */
export const adminRoutes = {
  ...coursesRoutes,
  ...lessonMediaRoutes,
  ...cohortsRoutes,
  ...coachingRoutes,
  ...enrolmentsRoutes,
  ...certificatesRoutes,
} as const satisfies Record<string, RouteDef>;

/** Every API call, keyed by name. Paths are relative to the API base (`/api/`). */
export const routes = {
  ...authRoutes,
  ...formsRoutes,
  ...programmeRoutes,
  ...applicationsAnalyticsRoutes,
  ...admissionsRoutes,
  ...admissionsRetentionRoutes,
  ...admissionsMailRoutes,
  ...interviewsRoutes,
  ...learningRoutes,
  ...notificationsRoutes,
  ...quizzesRoutes,
  ...adminRoutes,
  ...gradingRoutes,
  ...liveSessionsRoutes,
  ...calendarRoutes,
  ...timelineRoutes,
  ...financeRoutes,
  ...allowanceRoutes,
  ...placementsRoutes,
  ...evidencePackRoutes,
  ...logbookRoutes,
  ...supervisorSignoffRoutes,
  ...placementBreaksRoutes,
  ...ojtReviewRoutes,
  ...careersRoutes,
  ...platformRoutes,
  ...dashboardRoutes,
  ...announcementsRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The route entries as a list with their names (for servers and documentation). */
export function listRoutes(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ ...(routes[name] as RouteDef), name }));
}

import { defineRoutes } from '../common/route';
import { AdminDashboardSchema } from './dashboard.schemas';

export const dashboardRoutes = defineRoutes({
  adminDashboard: {
    method: 'GET',
    path: 'admin/dashboard',
    response: AdminDashboardSchema,
    auth: 'admin',
    summary:
      "The school's figures: running cohorts, students active this week, hand-ins waiting for grading, applications waiting for the school, failed jobs",
  },
});

import { defineRoutes } from '../common/route';
import { CsvResponseSchema } from './applications.schemas';
import {
  ApplicationsAnalyticsQuerySchema,
  ApplicationsBreakdownsResponseSchema,
  ApplicationsFunnelResponseSchema,
  ApplicationsOverTimeResponseSchema,
  ApplicationsTimeToDecisionResponseSchema,
} from './applications-analytics.schemas';

/** The programme managers' figures on one intake's applications (admins only); each is one SQL statement. */
export const applicationsAnalyticsRoutes = defineRoutes({
  applicationsAnalyticsFunnel: {
    method: 'GET',
    path: 'applications/admin/analytics/funnel',
    query: ApplicationsAnalyticsQuerySchema,
    response: ApplicationsFunnelResponseSchema,
    auth: 'admin',
    summary: 'Applications per state now, and how many reached each stage (from the transitions)',
  },
  applicationsAnalyticsOverTime: {
    method: 'GET',
    path: 'applications/admin/analytics/over-time',
    query: ApplicationsAnalyticsQuerySchema,
    response: ApplicationsOverTimeResponseSchema,
    auth: 'admin',
    summary: 'Per ISO week: new applications and transitions into each state',
  },
  applicationsAnalyticsBreakdowns: {
    method: 'GET',
    path: 'applications/admin/analytics/breakdowns',
    query: ApplicationsAnalyticsQuerySchema,
    response: ApplicationsBreakdownsResponseSchema,
    auth: 'admin',
    summary: 'Applications per Malaysian state, highest qualification, field of study and course, with share, offers and enrolled',
  },
  applicationsAnalyticsTimeToDecision: {
    method: 'GET',
    path: 'applications/admin/analytics/time-to-decision',
    query: ApplicationsAnalyticsQuerySchema,
    response: ApplicationsTimeToDecisionResponseSchema,
    auth: 'admin',
    summary: 'Days from submission to the first decision: median, 90th percentile and mean, overall and per week',
  },
  applicationsAnalyticsDecisionsExport: {
    method: 'GET',
    path: 'applications/admin/analytics/decisions-export',
    query: ApplicationsAnalyticsQuerySchema,
    response: CsvResponseSchema,
    responseType: 'text',
    auth: 'admin',
    summary: 'Every decided application as CSV with its latest decision, when, why and by whom (formulas neutralised)',
  },
});

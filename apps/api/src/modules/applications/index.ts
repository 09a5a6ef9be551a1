/**
 * What the app's root and the benchmark may use of applications: the module, and the admissions
 * figures (each one statement over a scope) the benchmark's ceiling runs as the API does.
 */
export { ApplicationsModule } from './applications.module';
export { type AnalyticsScope, breakdowns, funnel, overTime, timeToDecision } from './applications-analytics.queries';
export { decisionsCsvText } from './applications-analytics.service';

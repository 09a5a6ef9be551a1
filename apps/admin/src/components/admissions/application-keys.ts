import type { QueryKey } from '@tanstack/react-query';
import { routeKey } from '@school/ui';

/**
 * What a change of applications makes stale: the admissions list, the applications' pages and
 * timelines and reviews, the ranking and the reviewers' queues (they show the state), and the admissions
 * overview's figures (they count the states).
 */
export function applicationsChanged(ids: string[] | 'all'): QueryKey[] {
  // A decision on every application matching a filter: each page of them is stale.
  const pages = ids === 'all' ? [routeKey('admissionsDetail'), routeKey('admissionsTimeline'), routeKey('admissionsScores')] : [];
  return [
    routeKey('admissionsList'),
    ...pages,
    // Offers take seats, and declines and withdrawals free them.
    routeKey('admissionsOfferCohorts'),
    routeKey('admissionsCohortSeats'),
    ...(ids === 'all' ? [] : ids).flatMap((applicationId) => [
      routeKey('admissionsDetail', { params: { applicationId } }),
      routeKey('admissionsTimeline', { params: { applicationId } }),
      routeKey('admissionsScores', { params: { applicationId } }),
    ]),
    routeKey('admissionsRanking'),
    routeKey('admissionsReviewQueue'),
    routeKey('applicationsAnalyticsFunnel'),
    routeKey('applicationsAnalyticsOverTime'),
    routeKey('applicationsAnalyticsBreakdowns'),
    routeKey('applicationsAnalyticsTimeToDecision'),
  ];
}

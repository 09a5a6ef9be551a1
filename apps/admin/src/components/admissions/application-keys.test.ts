import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { routeQueryKey } from '@school/ui';
import { staleReads } from '@school/ui/testing';
import { applicationsChanged } from './application-keys';

/** One cached read of each admissions screen, two applications where a read is per application. */
const READS: Record<string, QueryKey> = {
  list: routeQueryKey('admissionsList', { query: { page: 1, status: 'IN_REVIEW' } }),
  detailA1: routeQueryKey('admissionsDetail', { params: { applicationId: 'a1' } }),
  detailB2: routeQueryKey('admissionsDetail', { params: { applicationId: 'b2' } }),
  timelineA1: routeQueryKey('admissionsTimeline', { params: { applicationId: 'a1' } }),
  timelineB2: routeQueryKey('admissionsTimeline', { params: { applicationId: 'b2' } }),
  ranking: routeQueryKey('admissionsRanking', { params: { intake: 'youth-programme-2027' }, query: { status: 'IN_REVIEW' } }),
  reviewQueue: routeQueryKey('admissionsReviewQueue', {}),
  funnel: routeQueryKey('applicationsAnalyticsFunnel', { query: {} }),
  rubric: routeQueryKey('admissionsRubric', { params: { intake: 'youth-programme-2027' } }),
  offerCohorts: routeQueryKey('admissionsOfferCohorts', {}),
};

const staleAfter = (keys: QueryKey[]) => staleReads(READS, keys);

describe('what a change of applications makes stale', () => {
  it("a decision on a1: the pipeline list, a1's page and timeline, the ranking, the queues, the figures and the cohorts' free seats; not b2 or the rubric", async () => {
    expect(await staleAfter(applicationsChanged(['a1']))).toEqual([
      'detailA1',
      'funnel',
      'list',
      'offerCohorts',
      'ranking',
      'reviewQueue',
      'timelineA1',
    ]);
  });

  it('a decision on every application matching a filter: every application page too', async () => {
    expect(await staleAfter(applicationsChanged('all'))).toEqual(
      expect.arrayContaining(['detailA1', 'detailB2', 'timelineA1', 'timelineB2', 'list', 'offerCohorts']),
    );
    expect(await staleAfter(applicationsChanged('all'))).not.toContain('rubric');
  });
});

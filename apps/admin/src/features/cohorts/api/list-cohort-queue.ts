import type { ApiClient, CohortQueueQuery, CohortQueueResponse } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function fetchCohortQueue(client: ApiClient, cohortId: string, query: Partial<CohortQueueQuery>, signal?: AbortSignal): Promise<CohortQueueResponse> {
  return client.call('adminCohortQueue', { params: { cohortId }, query, signal });
}

export const cohortQueueQuery = (client: ApiClient, cohortId: string, query: Partial<CohortQueueQuery>) =>
  queryOptions({
    queryKey: ['admin', 'cohort-queue', cohortId, query],
    queryFn: ({ signal }) => fetchCohortQueue(client, cohortId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCohortQueue(cohortId: string, query: Partial<CohortQueueQuery>) {
  const { client } = useSession();
  return useQuery(cohortQueueQuery(client, cohortId, query));
}

import type { AdminCohortListQuery, AdminCohortListResponse, ApiClient } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export type CohortListQuery = Partial<AdminCohortListQuery>;

export function fetchCohorts(client: ApiClient, query: CohortListQuery, signal?: AbortSignal): Promise<AdminCohortListResponse> {
  return client.call('adminCohortList', { query, signal });
}

export const cohortsQuery = (client: ApiClient, query: CohortListQuery) =>
  queryOptions({
    queryKey: ['admin', 'cohorts', query],
    queryFn: ({ signal }) => fetchCohorts(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCohorts(query: CohortListQuery, enabled = true) {
  const { client } = useSession();
  return useQuery({ ...cohortsQuery(client, query), enabled });
}

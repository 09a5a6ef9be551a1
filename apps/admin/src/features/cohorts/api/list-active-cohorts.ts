import type { ActiveCohortsResponse, ApiClient } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function fetchActiveCohorts(client: ApiClient, signal?: AbortSignal): Promise<ActiveCohortsResponse> {
  return client.call('adminActiveCohorts', { signal });
}

export const activeCohortsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['admin', 'active-cohorts'], queryFn: ({ signal }) => fetchActiveCohorts(client, signal) });

export function useActiveCohorts() {
  const { client } = useSession();
  return useQuery(activeCohortsQuery(client));
}

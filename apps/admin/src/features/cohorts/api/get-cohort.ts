import type { AdminCohort, ApiClient } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export async function fetchCohort(client: ApiClient, id: string, signal?: AbortSignal): Promise<AdminCohort> {
  return (await client.call('adminCohortDetail', { params: { cohortId: id }, signal })).data;
}

export const cohortQuery = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: ['admin', 'cohort', id], queryFn: ({ signal }) => fetchCohort(client, id, signal) });

export function useCohort(id: string) {
  const { client } = useSession();
  return useQuery(cohortQuery(client, id));
}

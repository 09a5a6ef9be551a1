import type { ApiClient, InstructorCohort } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export async function fetchInstructorCohorts(client: ApiClient, signal?: AbortSignal): Promise<InstructorCohort[]> {
  return (await client.call('instructorCohorts', { signal })).data;
}

export const instructorCohortsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['instructor', 'cohorts'], queryFn: ({ signal }) => fetchInstructorCohorts(client, signal) });

export function useInstructorCohorts() {
  const { client } = useSession();
  return useQuery(instructorCohortsQuery(client));
}

import type { ApiClient, CohortStudentsQuery, CohortStudentsResponse } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export type CohortStudentsListQuery = Partial<CohortStudentsQuery>;

export function fetchCohortStudents(client: ApiClient, cohortId: string, query: CohortStudentsListQuery, signal?: AbortSignal): Promise<CohortStudentsResponse> {
  return client.call('adminCohortStudents', { params: { cohortId }, query, signal });
}

export const cohortStudentsQuery = (client: ApiClient, cohortId: string, query: CohortStudentsListQuery) =>
  queryOptions({
    queryKey: ['admin', 'cohort-students', cohortId, query],
    queryFn: ({ signal }) => fetchCohortStudents(client, cohortId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCohortStudents(cohortId: string, query: CohortStudentsListQuery) {
  const { client } = useSession();
  return useQuery(cohortStudentsQuery(client, cohortId, query));
}

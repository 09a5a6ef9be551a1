import type { ApiClient, ApplicationListQuery, ApplicationListResponse } from '@school/contracts';
import { useSession } from '@school/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type ApplicationsQuery = Partial<ApplicationListQuery>;

export function fetchApplications(client: ApiClient, query: ApplicationsQuery, signal?: AbortSignal): Promise<ApplicationListResponse> {
  return client.call('adminApplicationList', { query, signal });
}

export const applicationsQuery = (client: ApiClient, query: ApplicationsQuery) =>
  queryOptions({
    queryKey: ['admin', 'applications', query],
    queryFn: ({ signal }) => fetchApplications(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useApplications(query: ApplicationsQuery) {
  const { client } = useSession();
  return useQuery(applicationsQuery(client, query));
}

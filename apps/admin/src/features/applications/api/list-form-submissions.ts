import type { ApiClient, FormSubmissionListQuery, FormSubmissionListResponse } from '@school/contracts';
import { useSession } from '@school/ui';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export type FormSubmissionsQuery = Partial<FormSubmissionListQuery>;

export function fetchFormSubmissions(client: ApiClient, query: FormSubmissionsQuery, signal?: AbortSignal): Promise<FormSubmissionListResponse> {
  return client.call('adminFormSubmissionList', { query, signal });
}

export const formSubmissionsQuery = (client: ApiClient, query: FormSubmissionsQuery) =>
  queryOptions({
    queryKey: ['admin', 'form-submissions', query],
    queryFn: ({ signal }) => fetchFormSubmissions(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useFormSubmissions(query: FormSubmissionsQuery) {
  const { client } = useSession();
  return useQuery(formSubmissionsQuery(client, query));
}

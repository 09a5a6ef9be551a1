import type { ApiClient, Application } from '@school/contracts';
import { useSession } from '@school/ui';
import { queryOptions, useQuery } from '@tanstack/react-query';

export async function fetchApplication(client: ApiClient, id: string, signal?: AbortSignal): Promise<Application> {
  return (await client.call('adminApplicationDetail', { params: { applicationId: id }, signal })).data;
}

// File links in the answer are signed for a few minutes only, so the detail is never cached long.
export const applicationQuery = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: ['admin', 'application', id], queryFn: ({ signal }) => fetchApplication(client, id, signal), staleTime: 0, gcTime: 0 });

export function useApplication(id: string | null) {
  const { client } = useSession();
  return useQuery({ ...applicationQuery(client, id ?? ''), enabled: id !== null });
}

import type { ApiClient, UserCohortEntry } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';

export function fetchUserCohorts(client: ApiClient, userIdSlug: string, signal?: AbortSignal): Promise<UserCohortEntry[]> {
  return client.call('userCohorts', { params: { userIdSlug }, signal }).then((r) => r.data);
}

export const userCohortsQuery = (client: ApiClient, userIdSlug: string) =>
  queryOptions({
    queryKey: ['user-cohorts', userIdSlug],
    queryFn: ({ signal }) => fetchUserCohorts(client, userIdSlug, signal),
    retry: retryServerErrors,
  });

/** The signed-in student's classes for the dashboard. */
export function useUserCohorts() {
  const { client, user } = useSession();
  return useQuery({ ...userCohortsQuery(client, user?.id_slug ?? ''), enabled: !!user });
}

import type { ApiClient, UserCohortView } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';

export function fetchCohortView(client: ApiClient, cohortId: string, userIdSlug: string, signal?: AbortSignal): Promise<UserCohortView> {
  return client.call('userCohortView', { params: { cohortId, userIdSlug }, signal }).then((r) => r.data);
}

export const cohortViewQuery = (client: ApiClient, cohortId: string, userIdSlug: string) =>
  queryOptions({
    queryKey: ['cohort-view', cohortId, userIdSlug],
    queryFn: ({ signal }) => fetchCohortView(client, cohortId, userIdSlug, signal),
    retry: retryServerErrors,
  });

/** A class as the signed-in student sees it: courses with progress, grades, certificates. */
export function useCohortView(cohortId: string) {
  const { client, user } = useSession();
  return useQuery({ ...cohortViewQuery(client, cohortId, user?.id_slug ?? ''), enabled: !!user });
}

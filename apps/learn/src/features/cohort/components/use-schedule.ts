import { useRouteQuery, useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';

/**
 * The student's own schedule in the class: their phases and dated things. The class page's This week
 * card and its Schedule tab read it under the same key, so the class is asked once.
 */
export function useSchedule(cohortId: string) {
  const { user } = useSession();
  return useRouteQuery(
    'userCohortSchedule',
    { params: { cohortId, userIdSlug: user?.id_slug ?? '' } },
    { select: (r) => r.data, enabled: !!user, retry: retryServerErrors },
  );
}

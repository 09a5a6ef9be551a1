import { routeQueryKey, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The student's kept place in a lesson video (null when not kept yet), and a function that keeps
 * a new one through the API. Admins previewing a class read the student's place but keep none.
 */
export function useLessonPosition(cohortId: string, lessonId: string) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const params = { cohortId, lessonId, userIdSlug: user?.id_slug ?? '' };
  const query = useRouteQuery(
    'lessonPosition',
    { params },
    { select: (r) => r.position_seconds, enabled: !!user, staleTime: Infinity, retry: false },
  );
  // Nothing shows a kept place but this read, which is written at once below.
  const keep = useRouteMutation('saveLessonPosition', { invalidates: () => [] });
  const { mutate } = keep;
  const save = useCallback(
    (seconds: number) => {
      if (!user || user.role !== 'STUDENT') return;
      const place = { params: { cohortId, lessonId, userIdSlug: user.id_slug } };
      // The read is kept for the whole visit (staleTime Infinity): coming back to the lesson through
      // the app (Next, Back, the side menu) opens it where the student just stopped, not where the
      // first read found them.
      queryClient.setQueryData(routeQueryKey('lessonPosition', place), { position_seconds: seconds });
      mutate({ ...place, body: { position_seconds: seconds } });
    },
    [mutate, queryClient, user, cohortId, lessonId],
  );
  return { position: query.data ?? null, loaded: !query.isPending, save };
}

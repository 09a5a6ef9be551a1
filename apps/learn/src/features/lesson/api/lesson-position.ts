import { useSession } from '@school/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The student's kept place in a lesson video (null when not kept yet), and a function that keeps
 * a new one through the API. Admins previewing a class read the student's place but keep none.
 */
export function useLessonPosition(cohortId: string, lessonId: string) {
  const { client, user } = useSession();
  const queryClient = useQueryClient();
  const params = { cohortId, lessonId, userIdSlug: user?.id_slug ?? '' };
  const queryKey = ['lesson-position', cohortId, lessonId, params.userIdSlug];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => client.call('lessonPosition', { params, signal }).then((r) => r.position_seconds),
    enabled: !!user,
    staleTime: Infinity,
    retry: false,
  });
  const save = useCallback(
    (seconds: number) => {
      if (!user || user.role !== 'STUDENT') return;
      // The read is kept for the whole visit (staleTime Infinity): coming back to the lesson through
      // the app (Next, Back, the side menu) opens it where the student just stopped, not where the
      // first read found them.
      queryClient.setQueryData(['lesson-position', cohortId, lessonId, user.id_slug], seconds);
      void client
        .call('saveLessonPosition', { params: { cohortId, lessonId, userIdSlug: user.id_slug }, body: { position_seconds: seconds } })
        .catch(() => undefined);
    },
    [client, queryClient, user, cohortId, lessonId],
  );
  return { position: query.data ?? null, loaded: !query.isPending, save };
}

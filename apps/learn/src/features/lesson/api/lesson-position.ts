import { useSession } from '@school/ui';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The student's kept place in a lesson video (null when not kept yet), and a function that keeps
 * a new one through the API. Admins previewing a class read the student's place but keep none.
 */
export function useLessonPosition(cohortId: string, lessonId: string) {
  const { client, user } = useSession();
  const params = { cohortId, lessonId, userIdSlug: user?.id_slug ?? '' };
  const query = useQuery({
    queryKey: ['lesson-position', cohortId, lessonId, params.userIdSlug],
    queryFn: ({ signal }) => client.call('lessonPosition', { params, signal }).then((r) => r.position_seconds),
    enabled: !!user,
    staleTime: Infinity,
    retry: false,
  });
  const save = useCallback(
    (seconds: number) => {
      if (!user || user.role !== 'STUDENT') return;
      void client
        .call('saveLessonPosition', { params: { cohortId, lessonId, userIdSlug: user.id_slug }, body: { position_seconds: seconds } })
        .catch(() => undefined);
    },
    [client, user, cohortId, lessonId],
  );
  return { position: query.data ?? null, loaded: !query.isPending, save };
}

import type { ApiClient, CoursePart } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';

export function fetchCourseView(
  client: ApiClient,
  params: { cohortId: string; courseId: string; userIdSlug: string },
  signal?: AbortSignal,
): Promise<CoursePart> {
  return client.call('userCourseView', { params, signal }).then((r) => r.data.course_part);
}

/** Reading and link URLs in the answer are signed and expire after 10 minutes: refresh before. */
const URL_FRESH_MS = 4 * 60_000;

export const courseViewQuery = (client: ApiClient, cohortId: string, courseId: string, userIdSlug: string) =>
  queryOptions({
    queryKey: ['course-view', cohortId, courseId, userIdSlug],
    queryFn: ({ signal }) => fetchCourseView(client, { cohortId, courseId, userIdSlug }, signal),
    retry: retryServerErrors,
    staleTime: URL_FRESH_MS,
    refetchInterval: URL_FRESH_MS,
  });

/** A course of a class with every lesson in full, for the lesson page. */
export function useCourseView(cohortId: string, courseId: string) {
  const { client, user } = useSession();
  return useQuery({ ...courseViewQuery(client, cohortId, courseId, user?.id_slug ?? ''), enabled: !!user });
}

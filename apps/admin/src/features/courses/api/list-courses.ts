import type { AdminCourseListQuery, AdminCourseListResponse, ApiClient } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export type CourseListQuery = Partial<AdminCourseListQuery>;

export function fetchCourses(client: ApiClient, query: CourseListQuery, signal?: AbortSignal): Promise<AdminCourseListResponse> {
  return client.call('adminCourseList', { query, signal });
}

export const coursesQuery = (client: ApiClient, query: CourseListQuery) =>
  queryOptions({
    queryKey: ['admin', 'courses', query],
    queryFn: ({ signal }) => fetchCourses(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCourses(query: CourseListQuery, enabled = true) {
  const { client } = useSession();
  return useQuery({ ...coursesQuery(client, query), enabled });
}

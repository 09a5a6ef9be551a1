import type { AdminCourse, ApiClient } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export async function fetchCourse(client: ApiClient, id: string, signal?: AbortSignal): Promise<AdminCourse> {
  return (await client.call('adminCourseDetail', { params: { courseId: id }, signal })).data;
}

export const courseQuery = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: ['admin', 'course', id], queryFn: ({ signal }) => fetchCourse(client, id, signal) });

export function useCourse(id: string) {
  const { client } = useSession();
  return useQuery(courseQuery(client, id));
}

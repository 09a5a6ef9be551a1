import type { ApiClient, UpdateCourse, UpdateCourseResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateCourse(client: ApiClient, id: string, body: UpdateCourse): Promise<UpdateCourseResponse> {
  return client.call('adminCourseUpdate', { params: { courseId: id }, body });
}

export function useUpdateCourse(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCourse) => updateCourse(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

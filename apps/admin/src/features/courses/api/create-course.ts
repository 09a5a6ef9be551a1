import type { ApiClient, CreateCourse, CreateCourseResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function createCourse(client: ApiClient, body: CreateCourse): Promise<CreateCourseResponse> {
  return client.call('adminCourseCreate', { body });
}

export function useCreateCourse() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCourse) => createCourse(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] }),
  });
}

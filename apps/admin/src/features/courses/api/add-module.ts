import type { AddModule, AddModuleResponse, AdminCourse, ApiClient } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function addModule(client: ApiClient, courseId: string, body: AddModule): Promise<AddModuleResponse> {
  return client.call('adminAddModule', { params: { courseId }, body });
}

/**
 * Adds an empty module at the end. The course in the cache gains it at once (the page's header
 * counts it), without a refetch: the curriculum editor keeps its own draft, which a refetch of a
 * newer version would replace. The course lists refetch.
 */
export function useAddModule(courseId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddModule) => addModule(client, courseId, body),
    onSuccess: ({ id_slug }, body) => {
      queryClient.setQueryData<AdminCourse>(['admin', 'course', courseId], (course) =>
        course && { ...course, modules: [...course.modules, { id_slug, title: body.title, order: course.modules.length, lessons: [], lessons_count: 0 }] },
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'courses'] });
    },
  });
}

import type { ApiClient, CohortCourseLinkResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function unlinkCourse(client: ApiClient, cohortId: string, courseId: string): Promise<CohortCourseLinkResponse> {
  return client.call('adminCohortRemoveCourse', { params: { cohortId, courseId } });
}

export function useUnlinkCourse(cohortId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => unlinkCourse(client, cohortId, courseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

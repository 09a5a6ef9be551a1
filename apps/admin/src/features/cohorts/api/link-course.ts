import type { ApiClient, CohortCourseLinkResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export interface CourseLink {
  cohortId: string;
  courseId: string;
}

export function linkCourse(client: ApiClient, { cohortId, courseId }: CourseLink): Promise<CohortCourseLinkResponse> {
  return client.call('adminCohortAddCourse', { params: { cohortId }, body: { course_id_slug: courseId } });
}

/** Links a course to a cohort (used from both sides: a cohort's courses and a course's cohorts). */
export function useLinkCourse() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: CourseLink) => linkCourse(client, link),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

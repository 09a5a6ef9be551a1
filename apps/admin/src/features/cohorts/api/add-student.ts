import type { ApiClient, StudentCohortResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export interface StudentEnrolment {
  cohortId: string;
  userIdSlug: string;
}

export function addStudent(client: ApiClient, { cohortId, userIdSlug }: StudentEnrolment): Promise<StudentCohortResponse> {
  return client.call('adminAddStudent', { params: { cohortId }, body: { user_id_slug: userIdSlug } });
}

export function useAddStudent() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrolment: StudentEnrolment) => addStudent(client, enrolment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

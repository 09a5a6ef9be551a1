import type { ApiClient, UpdateStudentEnrolment } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateStudentStatus(client: ApiClient, cohortId: string, body: UpdateStudentEnrolment) {
  return client.call('adminUpdateStudents', { params: { cohortId }, body });
}

/** 'Suspend student' / 'Unsuspend'. */
export function useUpdateStudentStatus(cohortId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStudentEnrolment) => updateStudentStatus(client, cohortId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

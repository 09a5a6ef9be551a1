import type { ApiClient, StudentCohortResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function removeStudent(client: ApiClient, cohortId: string, userIdSlug: string): Promise<StudentCohortResponse> {
  return client.call('adminRemoveStudent', { params: { cohortId }, body: { user_id_slug: userIdSlug } });
}

export function useRemoveStudent(cohortId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIdSlug: string) => removeStudent(client, cohortId, userIdSlug),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

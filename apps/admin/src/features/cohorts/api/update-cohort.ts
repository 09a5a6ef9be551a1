import type { ApiClient, UpdateCohort, UpdateCohortResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateCohort(client: ApiClient, id: string, body: UpdateCohort): Promise<UpdateCohortResponse> {
  return client.call('adminCohortUpdate', { params: { cohortId: id }, body });
}

export function useUpdateCohort(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCohort) => updateCohort(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

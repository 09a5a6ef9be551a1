import type { ApiClient, DeleteResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function deleteCohort(client: ApiClient, id: string): Promise<DeleteResponse> {
  return client.call('adminCohortDelete', { params: { cohortId: id } });
}

export function useDeleteCohort(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCohort(client, id),
    // Everything but the deleted cohort itself, which the page is leaving (refetching it would only 404).
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (q) => !(q.queryKey[1] === 'cohort' && q.queryKey[2] === id) }),
  });
}

import type { ApiClient, CreateCohort, CreateCohortResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function createCohort(client: ApiClient, body: CreateCohort): Promise<CreateCohortResponse> {
  return client.call('adminCohortCreate', { body });
}

export function useCreateCohort() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCohort) => createCohort(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

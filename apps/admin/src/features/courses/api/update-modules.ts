import type { ApiClient, UpdateModules, UpdateModulesResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function updateModules(client: ApiClient, id: string, body: UpdateModules): Promise<UpdateModulesResponse> {
  return client.call('adminModulesUpdate', { params: { courseId: id }, body });
}

export function useUpdateModules(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateModules) => updateModules(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

import type { ApiClient, BulkAddResult, BulkStudentRow } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function addStudentsBulk(client: ApiClient, cohortId: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
  return client.call('adminAddStudentBulk', { params: { cohortId }, body: { students } });
}

export function useAddStudentsBulk(cohortId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (students: BulkStudentRow[]) => addStudentsBulk(client, cohortId, students),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

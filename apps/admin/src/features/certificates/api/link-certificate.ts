import type { AddCertificateToCohortResponse, ApiClient } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function linkCertificate(client: ApiClient, cohortId: string, certificateId: string): Promise<AddCertificateToCohortResponse> {
  return client.call('adminAddCertificate', { params: { cohortId }, body: { certificate_id_slug: certificateId } });
}

export function useLinkCertificate(cohortId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (certificateId: string) => linkCertificate(client, cohortId, certificateId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

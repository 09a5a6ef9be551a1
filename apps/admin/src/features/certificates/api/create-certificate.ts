import type { ApiClient, CreateCertificate, CreateCertificateResponse } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function createCertificate(client: ApiClient, body: CreateCertificate): Promise<CreateCertificateResponse> {
  return client.call('adminCertificateCreate', { body });
}

export function useCreateCertificate() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCertificate) => createCertificate(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'certificates'] }),
  });
}

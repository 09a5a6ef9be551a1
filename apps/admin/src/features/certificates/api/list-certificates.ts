import type { AdminCertificateListQuery, AdminCertificateListResponse, ApiClient } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export type CertificateListQuery = Partial<AdminCertificateListQuery>;

export function fetchCertificates(client: ApiClient, query: CertificateListQuery, signal?: AbortSignal): Promise<AdminCertificateListResponse> {
  return client.call('adminCertificateList', { query, signal });
}

export const certificatesQuery = (client: ApiClient, query: CertificateListQuery) =>
  queryOptions({
    queryKey: ['admin', 'certificates', query],
    queryFn: ({ signal }) => fetchCertificates(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useCertificates(query: CertificateListQuery) {
  const { client } = useSession();
  return useQuery(certificatesQuery(client, query));
}

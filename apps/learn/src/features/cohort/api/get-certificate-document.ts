import type { ApiClient, CertificateDocumentResponse } from '@school/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';

export function fetchCertificateDocument(
  client: ApiClient,
  params: { cohortId: string; certificateId: string; userIdSlug: string },
  signal?: AbortSignal,
): Promise<CertificateDocumentResponse> {
  return client.call('certificateDocument', { params, signal });
}

/** Signed URLs expire (FILE_URL_TTL_SECONDS, 10 minutes by default): ask again well before. */
const URL_FRESH_MS = 4 * 60_000;

export const certificateDocumentQuery = (client: ApiClient, cohortId: string, certificateId: string, userIdSlug: string) =>
  queryOptions({
    queryKey: ['certificate-document', cohortId, certificateId, userIdSlug],
    queryFn: ({ signal }) => fetchCertificateDocument(client, { cohortId, certificateId, userIdSlug }, signal),
    retry: retryServerErrors,
    staleTime: URL_FRESH_MS,
    refetchInterval: URL_FRESH_MS,
  });

/** View and download URLs of a completed certificate's PDF. */
export function useCertificateDocument(cohortId: string, certificateId: string, enabled: boolean) {
  const { client, user } = useSession();
  return useQuery({ ...certificateDocumentQuery(client, cohortId, certificateId, user?.id_slug ?? ''), enabled: enabled && !!user });
}

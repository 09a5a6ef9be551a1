import { useRouteQuery } from '@school/ui';

/**
 * Whether the signed-in admin holds the finance permission, as the API answers it now (auth/check reads
 * it from the database): pages show amounts, bank details and the audit log only when it is true. The
 * API refuses those reads to anyone else whatever a page shows.
 */
export function useFinance(): { finance: boolean; isPending: boolean } {
  const check = useRouteQuery('check', {}, { staleTime: 30_000 });
  return { finance: check.data?.finance === true, isPending: check.isPending };
}

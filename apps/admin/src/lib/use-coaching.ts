import { useRouteQuery } from '@school/ui';

/**
 * Whether the signed-in staff member coaches anyone: the "My trainees" entry shows only then. One
 * row is enough to know; the count is the list's own, so an admin's change shows on the next read.
 */
export function useCoaching(): boolean {
  const mine = useRouteQuery('coachMyTrainees', { query: { page: 1, page_size: 1 } }, { retry: false });
  return (mine.data?.count ?? 0) > 0;
}

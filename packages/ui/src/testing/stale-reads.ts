import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateKeys } from '../route-query/route-query';

/** Which of the cached reads the keys make stale, in a real QueryClient (prefix and partial-object matching), by name and sorted. */
export async function staleReads(reads: Record<string, QueryKey>, keys: QueryKey[]): Promise<string[]> {
  const queryClient = new QueryClient();
  for (const key of Object.values(reads)) queryClient.setQueryData(key, {});
  await invalidateKeys(queryClient, keys);
  return Object.entries(reads)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

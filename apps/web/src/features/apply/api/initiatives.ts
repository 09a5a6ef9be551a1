import { type Initiative, initiatives } from '@school/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The application initiatives (static catalogue data, read through a query like any list). */
export async function fetchInitiatives(): Promise<readonly Initiative[]> {
  return initiatives;
}

export const initiativesQueryOptions = () => queryOptions({ queryKey: ['initiatives'], queryFn: fetchInitiatives, staleTime: Infinity });

export const useInitiatives = () => useQuery(initiativesQueryOptions());

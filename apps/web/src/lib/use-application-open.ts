import { type Initiative, isApplicationOpen } from '@school/catalogue';
import { useHydrated } from './use-hydrated';

/**
 * Whether the initiative takes applications now, decided in the browser: undefined while the
 * prerendered HTML hydrates (it was built on another day), then true or false by its dates.
 */
export function useApplicationOpen(initiative: Pick<Initiative, 'opens_at' | 'closes_at'> | undefined): boolean | undefined {
  const hydrated = useHydrated();
  if (!hydrated || !initiative) return undefined;
  return isApplicationOpen(initiative);
}

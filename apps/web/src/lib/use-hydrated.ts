import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the prerendered HTML is being hydrated (and on the server), true afterwards and
 * on every client-only render. Lets a page first render exactly what was prerendered, then
 * what the URL's query string asks for, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

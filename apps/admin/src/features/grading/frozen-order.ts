import { useMemo, useRef } from 'react';

/**
 * The queue in the order the grader first saw it: entries already shown keep their places
 * (a grade saved does not move its entry to the end), entries that left the list are dropped,
 * and new hand-ins are added at the end. `previous` null: the list as it comes.
 */
export function frozenOrder(previous: readonly string[] | null, current: readonly string[]): string[] {
  if (!previous) return [...current];
  const present = new Set(current);
  const kept = previous.filter((id) => present.has(id));
  const known = new Set(kept);
  return [...kept, ...current.filter((id) => !known.has(id))];
}

/**
 * `entries` in the order first shown for `scope` (a grade item): the API sorts ungraded first, so
 * without this every save would re-sort the queue under the grader, and 'next' would skip or
 * repeat students. A new scope starts from the API's order again.
 */
export function useFrozenOrder<T extends { id_slug: string }>(entries: readonly T[], scope: string, ready: boolean): T[] {
  const memory = useRef<{ scope: string; order: string[] } | null>(null);
  return useMemo(() => {
    if (!ready) return [];
    const previous = memory.current?.scope === scope ? memory.current.order : null;
    const order = frozenOrder(
      previous,
      entries.map((e) => e.id_slug),
    );
    memory.current = { scope, order };
    const byId = new Map(entries.map((e) => [e.id_slug, e]));
    return order.map((id) => byId.get(id)!);
  }, [entries, scope, ready]);
}

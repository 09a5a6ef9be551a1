import { useMemo, useState } from 'react';

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
  const [memory, setMemory] = useState<{ scope: string; order: string[] } | null>(null);
  const previous = memory?.scope === scope ? memory.order : null;
  const order = useMemo(
    () =>
      ready
        ? frozenOrder(
            previous,
            entries.map((e) => e.id_slug),
          )
        : [],
    [previous, entries, ready],
  );
  // Remember what was shown (state derived during render, as React allows, only when it changed).
  if (ready && (previous === null || order.length !== previous.length || order.some((id, i) => id !== previous[i])))
    setMemory({ scope, order });
  return useMemo(() => {
    const byId = new Map(entries.map((e) => [e.id_slug, e]));
    return order.map((id) => byId.get(id)!);
  }, [order, entries]);
}

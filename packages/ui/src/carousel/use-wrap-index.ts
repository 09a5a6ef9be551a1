import { useCallback, useState } from 'react';

/** `i` brought into 0..length-1, wrapping at both ends (-1 -> length-1, length -> 0). 0 when length is 0. */
export function wrapIndex(i: number, length: number): number {
  if (length <= 0) return 0;
  return ((i % length) + length) % length;
}

export interface WrapIndex {
  /** The current index, always within 0..length-1 (0 when empty). */
  index: number;
  next: () => void;
  prev: () => void;
  /** Goes to an index (wrapped into range). */
  goTo: (i: number) => void;
}

/** Index state for carousels that wrap around at both ends (testimonials, category bar). */
export function useWrapIndex(length: number, initial = 0): WrapIndex {
  const [raw, setRaw] = useState(initial);
  const next = useCallback(() => setRaw((i) => wrapIndex(wrapIndex(i, length) + 1, length)), [length]);
  const prev = useCallback(() => setRaw((i) => wrapIndex(wrapIndex(i, length) - 1, length)), [length]);
  const goTo = useCallback((i: number) => setRaw(wrapIndex(i, length)), [length]);
  return { index: wrapIndex(raw, length), next, prev, goTo };
}

import { act, renderHook } from '@testing-library/react';
import { useWrapIndex, wrapIndex } from './use-wrap-index';

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
  });

  it('gives 0 for an empty list', () => {
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(-1, 0)).toBe(0);
  });
});

describe('useWrapIndex', () => {
  it('goes from the last item to the first with next', () => {
    const { result } = renderHook(() => useWrapIndex(3));
    expect(result.current.index).toBe(0);
    act(() => result.current.next());
    act(() => result.current.next());
    expect(result.current.index).toBe(2);
    act(() => result.current.next());
    expect(result.current.index).toBe(0);
  });

  it('goes from the first item to the last with prev', () => {
    const { result } = renderHook(() => useWrapIndex(3));
    act(() => result.current.prev());
    expect(result.current.index).toBe(2);
    act(() => result.current.prev());
    expect(result.current.index).toBe(1);
  });

  it('jumps with goTo, wrapping out-of-range targets', () => {
    const { result } = renderHook(() => useWrapIndex(9));
    act(() => result.current.goTo(4));
    expect(result.current.index).toBe(4);
    act(() => result.current.goTo(10));
    expect(result.current.index).toBe(1);
  });

  it('stays in range when the list shrinks', () => {
    const { result, rerender } = renderHook(({ n }) => useWrapIndex(n, 4), { initialProps: { n: 5 } });
    expect(result.current.index).toBe(4);
    rerender({ n: 3 });
    expect(result.current.index).toBe(1);
    act(() => result.current.next());
    expect(result.current.index).toBe(2);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchTerm } from './use-search-term';

describe('useSearchTerm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the trimmed text as the term once typing pauses, not at every key', () => {
    const { result } = renderHook(() => useSearchTerm(300));
    act(() => result.current.setSearch(' an'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setSearch(' ana '));
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toMatchObject({ search: ' ana ', term: '' });
    act(() => vi.advanceTimersByTime(100));
    expect(result.current.term).toBe('ana');
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readListParams, useLocalListState } from './list-params';

describe('readListParams', () => {
  it('defaults to page 1, no search and the default sort', () => {
    expect(readListParams(new URLSearchParams(''), 'title')).toEqual({ page: 1, search: '', sort: 'title' });
  });
  it('reads page, search and sort, and ignores a bad page', () => {
    expect(readListParams(new URLSearchParams('page=3&search=%20chip%20&sort=-title'), 'title')).toEqual({
      page: 3,
      search: 'chip',
      sort: '-title',
    });
    expect(readListParams(new URLSearchParams('page=-2'), 'title').page).toBe(1);
    expect(readListParams(new URLSearchParams('page=abc'), 'title').page).toBe(1);
  });
  it('reads a prefixed list', () => {
    expect(readListParams(new URLSearchParams('qpage=2&page=5'), '-created_date', 'q')).toEqual({
      page: 2,
      search: '',
      sort: '-created_date',
    });
  });
});

describe('useLocalListState', () => {
  it('starts at page 1 with the default sort, and goes back to page 1 on a new search or sort', () => {
    const { result } = renderHook(() => useLocalListState('title'));
    expect(result.current).toMatchObject({ page: 1, search: '', sort: 'title' });
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    act(() => result.current.setSearch('chip'));
    expect(result.current).toMatchObject({ page: 1, search: 'chip' });
    act(() => result.current.setPage(2));
    act(() => result.current.setSort('-title'));
    expect(result.current).toMatchObject({ page: 1, search: 'chip', sort: '-title' });
  });
});

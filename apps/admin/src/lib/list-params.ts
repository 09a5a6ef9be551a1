import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

export interface ListParams {
  page: number;
  search: string;
  sort: string;
}

/** A list's state with its setters, from useListParams or useLocalListState. */
export interface ListState extends ListParams {
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  setSort: (sort: string) => void;
}

/** The list endpoints' query for a list's state: page, page size, search (when any) and order. */
export function listQuery({ page, search, sort }: ListParams, pageSize: number) {
  return { page, page_size: pageSize, search_query: search || undefined, order_by: sort };
}

/** Reads a list's page, search and sort from the URL (`?page=&search=&sort=`), with defaults. */
export function readListParams(params: URLSearchParams, defaultSort: string, prefix = ''): ListParams {
  const page = Number.parseInt(params.get(`${prefix}page`) ?? '1', 10);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get(`${prefix}search`) ?? '').trim(),
    sort: params.get(`${prefix}sort`) || defaultSort,
  };
}

/**
 * A list's state kept in the URL, so that reloads, links and the back button keep the page,
 * the search and the sort. A new search or sort starts again at page 1. `prefix` lets two
 * lists share one page (e.g. `q` for a cohort's queue).
 */
export function useListParams(defaultSort: string, prefix = ''): ListState {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = readListParams(params, defaultSort, prefix);

  const update = useCallback(
    (changes: Partial<ListParams>) => {
      // A debounced search can fire after a click on a result has already started to leave the
      // page; it must not pull the user back to the list.
      if (window.location.pathname !== pathname) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | undefined) => {
            if (value) next.set(`${prefix}${key}`, value);
            else next.delete(`${prefix}${key}`);
          };
          if (changes.search !== undefined) set('search', changes.search);
          if (changes.sort !== undefined) set('sort', changes.sort === defaultSort ? undefined : changes.sort);
          const resetPage = changes.search !== undefined || changes.sort !== undefined;
          const page = changes.page ?? (resetPage ? 1 : undefined);
          if (page !== undefined) set('page', page > 1 ? String(page) : undefined);
          return next;
        },
        { replace: changes.page === undefined },
      );
    },
    [setParams, pathname, prefix, defaultSort],
  );

  return {
    ...state,
    setPage: (page: number) => update({ page }),
    setSearch: (search: string) => update({ search }),
    setSort: (sort: string) => update({ sort }),
  };
}

/**
 * A list's page, search and sort kept in the component, for a search inside a page whose URL
 * already belongs to another list. As with useListParams, a new search or sort starts at page 1.
 */
export function useLocalListState(defaultSort: string): ListState {
  const [state, setState] = useState<ListParams>({ page: 1, search: '', sort: defaultSort });
  return {
    ...state,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setSearch: (search: string) => setState((s) => ({ ...s, search, page: 1 })),
    setSort: (sort: string) => setState((s) => ({ ...s, sort, page: 1 })),
  };
}

import { ListToolbar, LoadingIndicator, Pagination } from '@school/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListState } from '../lib/list-params';
import { LoadError } from './query-view';

export interface ListFrameProps<T> {
  /** Accessible name of the list and its pagination, e.g. 'Courses'. */
  label: string;
  query: UseQueryResult<{ data: T[]; count: number; num_pages?: number }>;
  pageSize: number;
  /** The list's page, search and sort, from useListParams. */
  list: ListState;
  /** The field the sort dropdown's A-Z orders by. */
  sortField: string;
  searchPlaceholder?: string;
  actions?: ReactNode;
  empty: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/** An admin list: search box, sort dropdown, the rows, and the pagination (first, previous, pages, next, last). */
export function ListFrame<T>({ label, query, pageSize, list, sortField, searchPlaceholder, actions, empty, children }: ListFrameProps<T>) {
  const numPages = query.data ? (query.data.num_pages ?? Math.ceil(query.data.count / pageSize)) : 0;
  return (
    <section className="admin-list" aria-label={label} aria-busy={query.isFetching || undefined}>
      <ListToolbar
        onSearch={list.setSearch}
        defaultSearch={list.search}
        onSortChange={list.setSort}
        field={sortField}
        sort={list.sort}
        searchPlaceholder={searchPlaceholder}
        actions={actions}
      />
      {query.isPending ? (
        <LoadingIndicator />
      ) : query.isError ? (
        <LoadError label={label.toLowerCase()} onRetry={() => query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">{empty}</p>
      ) : (
        <>
          <p className="admin-list__count">
            {query.data.count} {query.data.count === 1 ? 'result' : 'results'}
          </p>
          {children(query.data.data)}
        </>
      )}
      <Pagination page={list.page} numPages={numPages} onChange={list.setPage} label={`${label} pages`} />
    </section>
  );
}

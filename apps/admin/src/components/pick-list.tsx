import { ListToolbar, Pagination } from '@school/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import type { ListState } from '../lib/list-params';

export interface PickListProps<T> {
  /** Accessible name of the list, e.g. 'Students'. */
  label: string;
  rows: T[];
  rowKey: (row: T) => Key;
  renderTitle: (row: T) => ReactNode;
  /** The line under the title. */
  renderSub: (row: T) => ReactNode;
  /** The row's button (Add, Link...). */
  renderAction: (row: T) => ReactNode;
}

/** A list of items to pick: each row's title and a line under it, and its button. */
export function PickList<T>({ label, rows, rowKey, renderTitle, renderSub, renderAction }: PickListProps<T>) {
  return (
    <ul className="admin-pick-list" aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="admin-pick-list__item">
          <span>
            <span className="admin-table__title">{renderTitle(row)}</span>
            <span className="admin-table__sub">{renderSub(row)}</span>
          </span>
          {renderAction(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A search inside a page (its state kept in the component): search box and sort, the pick list,
 * and its pagination.
 */
export function SearchPickList<T>({
  list,
  query,
  searchPlaceholder,
  empty,
  pagesLabel,
  ...pickList
}: Omit<PickListProps<T>, 'rows'> & {
  list: ListState;
  query: UseQueryResult<{ data: T[]; num_pages: number }>;
  searchPlaceholder: string;
  empty: ReactNode;
  /** Accessible name of the pagination. */
  pagesLabel: string;
}) {
  return (
    <>
      <ListToolbar onSearch={list.setSearch} sort={list.sort} onSortChange={list.setSort} searchPlaceholder={searchPlaceholder} />
      {query.data && query.data.data.length === 0 && <p className="ui-empty ui-empty--quiet">{empty}</p>}
      <PickList {...pickList} rows={query.data?.data ?? []} />
      <Pagination page={list.page} numPages={query.data?.num_pages ?? 0} onChange={list.setPage} label={pagesLabel} />
    </>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SearchIcon } from '../icons/icons';
import { SelectField, type SelectOption } from '../select-field/select-field';
import { cx } from '../utils/cx';
import './list-toolbar.css';

export type SortLabel = 'A-Z' | 'Z-A' | 'Oldest' | 'Newest';

/**
 * The sort options of the admin lists and their order_by values:
 * A-Z -> field, Z-A -> -field, Oldest -> created_date, Newest -> -created_date.
 * `field` is 'title' for courses and cohorts, 'first_name' for students.
 */
export function sortOptions(field = 'title'): Array<SelectOption & { label: SortLabel }> {
  return [
    { label: 'A-Z', value: field },
    { label: 'Z-A', value: `-${field}` },
    { label: 'Oldest', value: 'created_date' },
    { label: 'Newest', value: '-created_date' },
  ];
}

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListToolbarProps {
  /** Called with the trimmed query, after typing pauses (debounced) or at once on Enter. */
  onSearch: (query: string) => void;
  /** Called with the chosen order_by value. */
  onSortChange: (orderBy: string) => void;
  /** The A-Z / Z-A field (default 'title'; students use 'first_name'). */
  field?: string;
  /** The current order_by (controlled). */
  sort?: string;
  /** The initial order_by when uncontrolled (default: field). */
  defaultSort?: string;
  /** The initial query. */
  defaultSearch?: string;
  /** Placeholder of the search box (default 'Search...'). */
  searchPlaceholder?: string;
  /** Debounce delay in ms (default 300). */
  debounceMs?: number;
  /** Extra controls on the right, e.g. a create button. */
  actions?: ReactNode;
  className?: string;
}

/** A list's search box (label 'Search') and sort dropdown (A-Z, Z-A, Oldest, Newest). */
export function ListToolbar({
  onSearch,
  onSortChange,
  field = 'title',
  sort,
  defaultSort,
  defaultSearch = '',
  searchPlaceholder = 'Search...',
  debounceMs = SEARCH_DEBOUNCE_MS,
  actions,
  className,
}: ListToolbarProps) {
  const [query, setQuery] = useState(defaultSearch);
  const [innerSort, setInnerSort] = useState(defaultSort ?? field);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(defaultSearch.trim());
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  const searchId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed === lastSent.current) return;
    lastSent.current = trimmed;
    onSearchRef.current(trimmed);
  };

  const onChange = (value: string) => {
    setQuery(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(value), debounceMs);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    emit(query);
  };

  const currentSort = sort ?? innerSort;

  return (
    <div className={cx('ui-list-toolbar', className)}>
      <search className="ui-list-toolbar__search">
        <form className="ui-list-toolbar__search-form" onSubmit={onSubmit}>
          <label htmlFor={searchId} className="ui-visually-hidden">
            Search
          </label>
          <SearchIcon size={18} className="ui-list-toolbar__search-icon" />
          <input
            id={searchId}
            type="search"
            className="ui-input ui-list-toolbar__search-input"
            placeholder={searchPlaceholder}
            value={query}
            onChange={(e) => onChange(e.target.value)}
            autoComplete="off"
          />
        </form>
      </search>
      <SelectField
        label="Sort by"
        className="ui-list-toolbar__sort"
        options={sortOptions(field)}
        value={currentSort}
        onChange={(e) => {
          setInnerSort(e.target.value);
          onSortChange(e.target.value);
        }}
      />
      {actions && <div className="ui-list-toolbar__actions">{actions}</div>}
    </div>
  );
}

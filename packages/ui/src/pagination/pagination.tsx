import { ChevronLeftIcon, ChevronRightIcon, DoubleChevronLeftIcon, DoubleChevronRightIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import './pagination.css';

export type PaginationItem = number | '...';

/**
 * The page buttons to show: the first page, the previous, current and next
 * pages, and the last page. A gap of one page shows that page; a longer gap
 * shows '...'. Page 5 of 10 gives [1, '...', 4, 5, 6, '...', 10];
 * page 4 of 10 gives [1, 2, 3, 4, 5, '...', 10]. `page` is clamped into 1..numPages.
 */
export function paginationItems(page: number, numPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(numPages));
  if (total === 0) return [];
  const current = Math.min(total, Math.max(1, Math.floor(page)));
  const pages = [...new Set([1, current - 1, current, current + 1, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  pages.forEach((p, i) => {
    const prev = pages[i - 1];
    if (prev !== undefined) {
      if (p - prev === 2) items.push(prev + 1);
      else if (p - prev > 2) items.push('...');
    }
    items.push(p);
  });
  return items;
}

export interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  numPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation (default 'Pagination'). */
  label?: string;
  /** Render nothing when there is at most one page (default true). */
  hideWhenSinglePage?: boolean;
  className?: string;
}

/** « ‹ 1 ... 4 5 6 ... 10 › »: first, previous, page buttons with dots, next and last. */
export function Pagination({ page, numPages, onChange, label = 'Pagination', hideWhenSinglePage = true, className }: PaginationProps) {
  const total = Math.max(0, Math.floor(numPages));
  if (total === 0 || (hideWhenSinglePage && total <= 1)) return null;
  const current = Math.min(total, Math.max(1, Math.floor(page)));
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= total) onChange(p);
  };
  const atStart = current <= 1;
  const atEnd = current >= total;

  return (
    <nav className={cx('ui-pagination', className)} aria-label={label}>
      <ul className="ui-pagination__list">
        <li>
          <button type="button" className="ui-pagination__button" aria-label="First page" disabled={atStart} onClick={() => go(1)}>
            <DoubleChevronLeftIcon size={16} />
          </button>
        </li>
        <li>
          <button
            type="button"
            className="ui-pagination__button"
            aria-label="Previous page"
            disabled={atStart}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon size={16} />
          </button>
        </li>
        {paginationItems(current, total).map((item, i) =>
          item === '...' ? (
            <li key={`dots-${i}`} className="ui-pagination__dots" aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={cx('ui-pagination__button', item === current && 'ui-pagination__button--current')}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className="ui-pagination__button" aria-label="Next page" disabled={atEnd} onClick={() => go(current + 1)}>
            <ChevronRightIcon size={16} />
          </button>
        </li>
        <li>
          <button type="button" className="ui-pagination__button" aria-label="Last page" disabled={atEnd} onClick={() => go(total)}>
            <DoubleChevronRightIcon size={16} />
          </button>
        </li>
      </ul>
    </nav>
  );
}

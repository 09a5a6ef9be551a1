import { type CategorySlug, categories } from '@school/catalogue';
import { ChevronLeftIcon, ChevronRightIcon, wrapIndex } from '@school/ui';
import { useEffect, useRef } from 'react';
import '../courses.css';

export interface CategoryBarProps {
  active: CategorySlug;
  onSelect: (slug: CategorySlug) => void;
}

/**
 * The course categories in a horizontally scrolling bar that wraps onto more lines on wide
 * screens. Previous and next move to the neighbouring category, wrapping at both ends.
 */
export function CategoryBar({ active, onSelect }: CategoryBarProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const index = Math.max(
    0,
    categories.findIndex((c) => c.slug === active),
  );
  const step = (delta: number) => onSelect(categories[wrapIndex(index + delta, categories.length)].slug);

  // Keep the chosen category in view when the bar scrolls sideways (narrow screens).
  useEffect(() => {
    const el = listRef.current?.querySelector<HTMLElement>(`[data-slug="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <nav className="site-category-bar" aria-label="Course categories">
      <button type="button" className="ui-icon-button site-category-bar__step" aria-label="Previous category" onClick={() => step(-1)}>
        <ChevronLeftIcon />
      </button>
      <ul className="site-category-bar__list" ref={listRef}>
        {categories.map((c) => (
          <li key={c.slug}>
            <button
              type="button"
              className="site-category-bar__chip"
              aria-pressed={c.slug === active}
              data-slug={c.slug}
              onClick={() => onSelect(c.slug)}
              // The browser leaves a chip that is partly in the bar where it is: bring all of it into view.
              onFocus={(e) => e.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })}
            >
              {c.title}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="ui-icon-button site-category-bar__step" aria-label="Next category" onClick={() => step(1)}>
        <ChevronRightIcon />
      </button>
    </nav>
  );
}

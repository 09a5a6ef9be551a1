import { Children, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import './slider.css';

export const SLIDER_DEFAULT_GAP = 15;
export const SLIDER_DEFAULT_TOTAL_ITEMS = 4;

/**
 * How many cards fit at a given container width, never more than `totalItems`:
 * under 540 px 1, under 780 px 2, under 1000 px 3, otherwise `totalItems`.
 */
export function visibleCount(width: number, totalItems: number = SLIDER_DEFAULT_TOTAL_ITEMS): number {
  const max = Math.max(1, Math.floor(totalItems));
  const fit = width < 540 ? 1 : width < 780 ? 2 : width < 1000 ? 3 : max;
  return Math.min(max, fit);
}

export interface SliderProps {
  /** The cards, one child each. */
  children: ReactNode;
  /** Accessible name of the slider region, e.g. 'My classes'. */
  label: string;
  /** Space between cards in px (default 15). */
  gap?: number;
  /** Cards visible at once on wide screens (default 4); fewer on narrow screens. */
  totalItems?: number;
  prevLabel?: string;
  nextLabel?: string;
  className?: string;
}

/**
 * A horizontal row of cards moved one card at a time with previous and next
 * buttons. It stops at both ends (the buttons are disabled there) and hides
 * the buttons when every card fits. Cards out of view are inert.
 */
export function Slider({
  children,
  label,
  gap = SLIDER_DEFAULT_GAP,
  totalItems = SLIDER_DEFAULT_TOTAL_ITEMS,
  prevLabel = 'Previous',
  nextLabel = 'Next',
  className,
}: SliderProps) {
  const items = Children.toArray(children);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => visibleCount(Infinity, totalItems));
  const [start, setStart] = useState(0);

  useEffect(() => {
    const el = viewportRef.current;
    const measure = () => {
      const width = el && el.clientWidth > 0 ? el.clientWidth : window.innerWidth;
      setVisible(visibleCount(width, totalItems));
    };
    measure();
    if (el && typeof ResizeObserver !== 'undefined') {
      const ro = new ResizeObserver(measure);
      ro.observe(el);
      return () => ro.disconnect();
    }
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [totalItems]);

  const maxStart = Math.max(0, items.length - visible);
  const first = Math.min(start, maxStart);
  const scrollable = items.length > visible;

  const go = (delta: number) => setStart(Math.min(maxStart, Math.max(0, first + delta)));

  return (
    <section className={cx('ui-slider', className)} aria-label={label} aria-roledescription="carousel">
      <div className="ui-slider__viewport" ref={viewportRef}>
        <ul
          className="ui-slider__track"
          style={{ gap: `${gap}px`, transform: `translateX(calc(${-first} * (100% + ${gap}px) / ${visible}))` }}
        >
          {items.map((child, i) => {
            const shown = i >= first && i < first + visible;
            return (
              <li
                key={i}
                className="ui-slider__item"
                style={{ flexBasis: `calc((100% - ${(visible - 1) * gap}px) / ${visible})` }}
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${items.length}`}
                aria-hidden={!shown || undefined}
                inert={!shown}
              >
                {child}
              </li>
            );
          })}
        </ul>
      </div>
      {scrollable && (
        <div className="ui-slider__controls">
          <button type="button" className="ui-icon-button" aria-label={prevLabel} disabled={first === 0} onClick={() => go(-1)}>
            <ChevronLeftIcon />
          </button>
          <p className="ui-visually-hidden" aria-live="polite">
            {`Showing ${first + 1} to ${Math.min(items.length, first + visible)} of ${items.length}`}
          </p>
          <button type="button" className="ui-icon-button" aria-label={nextLabel} disabled={first >= maxStart} onClick={() => go(1)}>
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </section>
  );
}

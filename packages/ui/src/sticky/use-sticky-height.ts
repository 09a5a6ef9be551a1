import { type RefObject, useEffect, useRef } from 'react';

/**
 * The sticky bars at the top of a page. Their heights are published as CSS variables on <html>,
 * where `scroll-padding-top` (styles.css) adds them up, so the browser scrolls a focused element
 * (Tab, Shift+Tab, a fragment link) clear of them: WCAG 2.2 2.4.11, which axe cannot check.
 * The navbar is the page's header; a subbar is a page's own sticky bar just below it.
 */
export type StickyBar = 'navbar' | 'subbar';

export const stickyVariable = (bar: StickyBar) => `--ui-sticky-${bar}`;

/**
 * Keeps `--ui-sticky-<bar>` equal to the element's height (border included) while it is mounted and
 * sticky, following it as it wraps or resizes; removed on unmount, so a page without the bar pads for none.
 */
export function useStickyHeight<T extends HTMLElement>(bar: StickyBar): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const name = stickyVariable(bar);
    // A bar that a narrow screen's CSS makes static scrolls away with the page and pads nothing.
    const publish = () => {
      const sticky = getComputedStyle(el).position === 'sticky';
      root.style.setProperty(name, `${sticky ? Math.ceil(el.getBoundingClientRect().height) : 0}px`);
    };
    publish();
    // Test environments without ResizeObserver keep the first measure.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(name);
    };
  }, [bar]);
  return ref;
}

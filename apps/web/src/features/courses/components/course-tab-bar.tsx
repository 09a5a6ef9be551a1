import { cx, useStickyHeight } from '@school/ui';
import { useEffect, useRef, useState } from 'react';
import { activeSection, COURSE_SECTIONS, type CourseSectionId, isAtBottom, scrollToSection } from '../../../lib/section-scroll';
import '../courses.css';

/** Keys that scroll the page: pressing one ends a clicked tab's hold on the highlight. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * A clicked tab: highlighted while the page scrolls to its section and while the page stays there.
 * A section reached by its address has no target: it holds until the reader scrolls by hand.
 */
interface Pin {
  id: CourseSectionId;
  target: number | null;
  arrived: boolean;
}

const sectionOfHash = (): CourseSectionId | undefined => COURSE_SECTIONS.find((s) => `#${s.id}` === window.location.hash)?.id;

function documentTop(id: string): number {
  const el = document.getElementById(id);
  return el ? el.getBoundingClientRect().top + window.scrollY : Number.POSITIVE_INFINITY;
}

/** The sticky Overview / Curriculum / Application bar; the highlighted tab follows the scroll position. */
export function CourseTabBar() {
  // Sticky under the navbar: focus scrolls clear of both.
  const stickyRef = useStickyHeight<HTMLElement>('subbar');
  const [active, setActive] = useState<CourseSectionId>('overview');
  const pin = useRef<Pin | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const p = pin.current;
      if (p) {
        if (p.target === null) return setActive(p.id);
        if (Math.abs(window.scrollY - p.target) <= 2) p.arrived = true;
        else if (p.arrived) pin.current = null;
        if (pin.current) return setActive(p.id);
      }
      setActive(
        activeSection(
          window.scrollY,
          { curriculum: documentTop('curriculum'), application: documentTop('application') },
          undefined,
          isAtBottom(),
        ),
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // The reader scrolling by hand takes the highlight back from a clicked tab.
    const release = () => {
      if (pin.current) {
        pin.current = null;
        onScroll();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (SCROLL_KEYS.has(e.key)) release();
    };
    // The browser jumped to a section by its address: a shared link to #application, or a tab
    // clicked before this script took over the page. Where it lands, that section's top may sit
    // below the line the scroll position is judged by, so its tab is held rather than measured.
    const onHash = () => {
      const id = sectionOfHash();
      if (!id) return;
      pin.current = { id, target: null, arrived: true };
      setActive(id);
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    window.addEventListener('wheel', release, { passive: true });
    window.addEventListener('touchstart', release, { passive: true });
    window.addEventListener('keydown', onKey);
    // Measured in the next frame rather than right after hydration, so the page is laid out once, not twice.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchstart', release);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <nav ref={stickyRef} className="site-course-tabs" aria-label="Course sections">
      <ul className="site-course-tabs__list">
        {COURSE_SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className={cx('site-course-tabs__tab', active === s.id && 'site-course-tabs__tab--active')}
              aria-current={active === s.id ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                const target = scrollToSection(s.id);
                if (target === undefined) return;
                pin.current = { id: s.id, target, arrived: Math.abs(window.scrollY - target) <= 2 };
                setActive(s.id);
              }}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { cx } from '@school/ui';
import { useEffect, useState } from 'react';
import { activeSection, COURSE_SECTIONS, type CourseSectionId, scrollToSection } from '../section-scroll';

function documentTop(id: string): number {
  const el = document.getElementById(id);
  return el ? el.getBoundingClientRect().top + window.scrollY : Number.POSITIVE_INFINITY;
}

/** The sticky Overview / Curriculum / Application bar; the highlighted tab follows the scroll position. */
export function CourseTabBar() {
  const [active, setActive] = useState<CourseSectionId>('overview');

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(activeSection(window.scrollY, { curriculum: documentTop('curriculum'), application: documentTop('application') }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // Measured in the next frame rather than right after hydration, so the page is laid out once, not twice.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  return (
    <nav className="course-tabs" aria-label="Course sections">
      <ul className="course-tabs__list">
        {COURSE_SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              className={cx('course-tabs__tab', active === s.id && 'course-tabs__tab--active')}
              aria-current={active === s.id ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                scrollToSection(s.id);
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

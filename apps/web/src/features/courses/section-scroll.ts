/** How far below the top of the window a section counts as reached (the sticky bars' height). */
export const SECTION_SCROLL_OFFSET = 100;

export const COURSE_SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'curriculum', label: 'Curriculum' },
  { id: 'application', label: 'Application' },
] as const;
export type CourseSectionId = (typeof COURSE_SECTIONS)[number]['id'];

/**
 * The section whose tab is highlighted: Overview until the Curriculum section's top is within
 * the offset of the window's top, then Curriculum, then Application past its top.
 * `tops` are the sections' document offsets.
 */
export function activeSection(scrollY: number, tops: Readonly<Record<'curriculum' | 'application', number>>, offset = SECTION_SCROLL_OFFSET): CourseSectionId {
  const line = scrollY + offset;
  if (line >= tops.application) return 'application';
  if (line >= tops.curriculum) return 'curriculum';
  return 'overview';
}

/** Scrolls so the section's top sits just below the sticky bars. */
export function scrollToSection(id: string, offset = SECTION_SCROLL_OFFSET): void {
  const el = document.getElementById(id);
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - offset + 1;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
}

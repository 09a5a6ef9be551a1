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
 * `tops` are the sections' document offsets; `atBottom` is true when the page cannot scroll further.
 */
export function activeSection(
  scrollY: number,
  tops: Readonly<Record<'curriculum' | 'application', number>>,
  offset = SECTION_SCROLL_OFFSET,
  atBottom = false,
): CourseSectionId {
  const line = scrollY + offset;
  // A short last section may never reach the line: at the bottom of the page it is the one in view.
  if (atBottom || line >= tops.application) return 'application';
  if (line >= tops.curriculum) return 'curriculum';
  return 'overview';
}

/** Whether the window is scrolled as far down as it goes (within a pixel). */
export function isAtBottom(): boolean {
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
}

/**
 * Scrolls so the section's top sits just below the sticky bars (or as far as the page goes).
 * Answers the scroll position it heads for, clamped to what the page allows.
 */
export function scrollToSection(id: string, offset = SECTION_SCROLL_OFFSET): number | undefined {
  const el = document.getElementById(id);
  if (!el) return undefined;
  const top = el.getBoundingClientRect().top + window.scrollY - offset + 1;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

/**
 * The catalogue's fixed value lists, with no zod: pages that only need these (the category
 * bar, the landing page) do not pull the schema library into their scripts.
 */

/** Course levels. 'Advance' is the catalogue's spelling and is kept as is. */
export const COURSE_LEVELS = ['Beginner', 'Intermediate', 'Advance'] as const;
export const COURSE_MODES = ['Online', 'Hybrid'] as const;
export const STATISTIC_ICONS = ['person', 'chart', 'briefcase'] as const;
export const CATEGORY_SLUGS = ['beginner', 'ld', 'dv', 'pd', 'dft', 'md', 'st', 'pe', 'fa'] as const;

import type { Category, CategorySlug } from './schemas';
import { CATEGORY_SLUGS } from './constants';

/** The course categories, in the order the category bar shows them. */
export const categories: readonly Category[] = [
  { title: 'Introductory', slug: 'beginner', feature: true, fullTitle: 'Introductory Courses' },
  { title: 'Logic Designers', slug: 'ld', feature: true, fullTitle: 'Logic Design (RTL)' },
  { title: 'Design Verification', slug: 'dv', feature: true, fullTitle: 'Design Verification (DV)' },
  { title: 'Physical Design', slug: 'pd', feature: true, fullTitle: 'Physical Design (PD)' },
  { title: 'Design for Testing', slug: 'dft', feature: false, fullTitle: 'Design for Testing (DFT)' },
  { title: 'Mechanical Design', slug: 'md', feature: false, fullTitle: 'Mechanical and Package Design' },
  { title: 'Software Testing', slug: 'st', feature: false, fullTitle: 'Software Testing and Validation' },
  { title: 'Process Engineering', slug: 'pe', feature: false, fullTitle: 'Wafer Fab and Assembly Process Engineering' },
  { title: 'Failure Analysis', slug: 'fa', feature: false, fullTitle: 'Failure Analysis (FA)' },
];

/** The category the course list shows when the URL names none (or an unknown one). */
export const DEFAULT_CATEGORY: CategorySlug = 'beginner';

export function isCategorySlug(value: unknown): value is CategorySlug {
  return typeof value === 'string' && (CATEGORY_SLUGS as readonly string[]).includes(value);
}

export function getCategory(slug: string): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

/** Resolves a `?path=` query value to a known category slug, falling back to DEFAULT_CATEGORY. */
export function resolveCategorySlug(value: string | null | undefined): CategorySlug {
  return isCategorySlug(value) ? value : DEFAULT_CATEGORY;
}

import { describe, expect, it } from 'vitest';
import { categories, DEFAULT_CATEGORY, getCategory, isCategorySlug, resolveCategorySlug } from './categories';
import { CategorySchema } from './schemas';

describe('categories', () => {
  it('lists the nine categories with their slugs, in order', () => {
    expect(categories.map(({ title, slug }) => [title, slug])).toEqual([
      ['Introductory', 'beginner'],
      ['Logic Designers', 'ld'],
      ['Design Verification', 'dv'],
      ['Physical Design', 'pd'],
      ['Design for Testing', 'dft'],
      ['Mechanical Design', 'md'],
      ['Software Testing', 'st'],
      ['Process Engineering', 'pe'],
      ['Failure Analysis', 'fa'],
    ]);
    for (const category of categories) expect(CategorySchema.safeParse(category).success).toBe(true);
  });

  it('defaults to beginner', () => {
    expect(DEFAULT_CATEGORY).toBe('beginner');
    expect(resolveCategorySlug(null)).toBe('beginner');
    expect(resolveCategorySlug('unknown')).toBe('beginner');
    expect(resolveCategorySlug('dft')).toBe('dft');
  });

  it('looks categories up by slug', () => {
    expect(getCategory('pd')?.title).toBe('Physical Design');
    expect(getCategory('xx')).toBeUndefined();
    expect(isCategorySlug('fa')).toBe(true);
    expect(isCategorySlug('FA')).toBe(false);
  });
});

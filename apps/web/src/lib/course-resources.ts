import { type CategorySlug, type Course, loadCategoryCourses, loadCourse } from '@school/catalogue';

// One promise per course and per category, kept for the page's life, so React's `use()` sees the
// same promise on every render (and the server's prerender and the browser agree on the data).
const courseCache = new Map<string, Promise<Course | undefined>>();
const categoryCache = new Map<CategorySlug, Promise<readonly Course[]>>();

/** A course's data; only its category's script is loaded. */
export function courseResource(id: string): Promise<Course | undefined> {
  let promise = courseCache.get(id);
  if (!promise) courseCache.set(id, (promise = loadCourse(id)));
  return promise;
}

/** A category's courses; only that category's script is loaded. */
export function categoryResource(slug: CategorySlug): Promise<readonly Course[]> {
  let promise = categoryCache.get(slug);
  if (!promise) categoryCache.set(slug, (promise = loadCategoryCourses(slug)));
  return promise;
}

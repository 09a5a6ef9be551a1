import type { CategorySlug, Course } from '../schemas';

/**
 * Each category's courses as a separate module, loaded on demand, so a page that shows one
 * course or one category does not parse the whole catalogue (the web app splits them into
 * their own script files).
 */
const loaders: Readonly<Record<CategorySlug, () => Promise<readonly Course[]>>> = {
  beginner: () => import('./beginner').then((m) => m.beginnerCourses),
  ld: () => import('./logic-design').then((m) => m.logicDesignCourses),
  dv: () => import('./design-verification').then((m) => m.designVerificationCourses),
  pd: () => import('./physical-design').then((m) => m.physicalDesignCourses),
  dft: () => import('./design-for-testing').then((m) => m.designForTestingCourses),
  md: () => import('./mechanical-design').then((m) => m.mechanicalDesignCourses),
  st: () => import('./software-testing').then((m) => m.softwareTestingCourses),
  pe: () => import('./process-engineering').then((m) => m.processEngineeringCourses),
  fa: () => import('./failure-analysis').then((m) => m.failureAnalysisCourses),
};

/** The ids each category holds, as inclusive ranges of course numbers (courses.test.ts checks them). */
export const courseIdRanges: readonly { readonly slug: CategorySlug; readonly from: number; readonly to: number }[] = [
  { slug: 'beginner', from: 0, to: 2 },
  { slug: 'ld', from: 4, to: 9 },
  { slug: 'dv', from: 10, to: 15 },
  { slug: 'pd', from: 16, to: 20 },
  { slug: 'dft', from: 21, to: 24 },
  { slug: 'md', from: 25, to: 28 },
  { slug: 'st', from: 29, to: 32 },
  { slug: 'pe', from: 33, to: 38 },
  { slug: 'fa', from: 39, to: 43 },
];

/** The category whose module holds a course id, or undefined for an id that is not in the catalogue. */
export function categoryOfCourseId(id: string): CategorySlug | undefined {
  const match = /^course-(\d+)$/.exec(id);
  if (!match) return undefined;
  const n = Number(match[1]);
  return courseIdRanges.find((r) => n >= r.from && n <= r.to)?.slug;
}

/** A category's courses, in id order, loading only that category. */
export async function loadCategoryCourses(slug: CategorySlug): Promise<readonly Course[]> {
  return loaders[slug]();
}

/** One course, loading only its category; undefined when there is no such course. */
export async function loadCourse(id: string): Promise<Course | undefined> {
  const slug = categoryOfCourseId(id);
  return slug ? (await loaders[slug]()).find((course) => course.id === id) : undefined;
}

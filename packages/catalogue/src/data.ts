/**
 * Everything in the catalogue except the image helpers: plain data, zod schemas and helpers
 * with no asset imports, safe to load in any runtime (the API, scripts, tests).
 */
export * from './schemas';
export * from './categories';
export { courses, getCourse, coursesByCategory, featuredCourses, categoryOfCourseId, loadCategoryCourses, loadCourse } from './courses';
export * from './testimonials';
export * from './initiatives';
export * from './content';
export * from './programme';
export * from './application-options';

import type { Course } from '../schemas';
import { beginnerCourses } from './beginner';

/**
 * Courses with feature true: the landing page carousel. Only introductory courses are
 * featured, so this module loads just their data and the landing page's script stays small
 * (courses.test.ts checks it equals every course whose flag is true).
 */
export const featuredCourses: readonly Course[] = beginnerCourses.filter((course) => course.feature);

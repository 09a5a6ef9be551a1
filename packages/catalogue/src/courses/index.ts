import type { CategorySlug, Course } from '../schemas';
import { beginnerCourses } from './beginner';
import { designForTestingCourses } from './design-for-testing';
import { designVerificationCourses } from './design-verification';
import { failureAnalysisCourses } from './failure-analysis';
import { logicDesignCourses } from './logic-design';
import { mechanicalDesignCourses } from './mechanical-design';
import { physicalDesignCourses } from './physical-design';
import { processEngineeringCourses } from './process-engineering';
import { softwareTestingCourses } from './software-testing';

function idNumber(course: Course): number {
  return Number(course.id.slice('course-'.length));
}

/** Every catalogue course, ordered by id (course-0 to course-2, then course-4 to course-43). */
export const courses: readonly Course[] = [
  ...beginnerCourses,
  ...logicDesignCourses,
  ...designVerificationCourses,
  ...physicalDesignCourses,
  ...designForTestingCourses,
  ...mechanicalDesignCourses,
  ...softwareTestingCourses,
  ...processEngineeringCourses,
  ...failureAnalysisCourses,
].sort((a, b) => idNumber(a) - idNumber(b));

const byId = new Map(courses.map((course) => [course.id, course]));

/** The course with this id, or undefined ('Uh oh... course not found'). */
export function getCourse(id: string): Course | undefined {
  return byId.get(id);
}

/** The courses of a category, in id order. */
export function coursesByCategory(slug: CategorySlug | string): Course[] {
  return courses.filter((course) => course.path === slug);
}

export { featuredCourses } from './featured';
export { categoryOfCourseId, courseIdRanges, loadCategoryCourses, loadCourse } from './lazy';

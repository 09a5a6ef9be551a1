import { DEFAULT_SCHOOL, type LargeSchoolOptions } from './seed-school';
import type { Scenario } from './scenario';

/** The least school any scenario starts from: an admin, one cohort of one short course, no students. */
export const SMALL_SCHOOL: LargeSchoolOptions = {
  students: 0,
  cohorts: 1,
  courses: 1,
  modulesPerCourse: 1,
  lessonsPerModule: 2,
  coursesPerCohort: 1,
  secondCohortShare: 0,
  studentsWithProgress: 0,
};

/**
 * The school to seed for the chosen scenarios: the whole default school when any of them measures it (no `seed`),
 * otherwise the small school grown to what each needs, so `--only "quiz autosave"` does not wait for 10,000 students
 * with progress. `students` (from `--students`) overrides the number of students either way.
 */
export function schoolFor(chosen: readonly Pick<Scenario, 'seed'>[], students?: number): LargeSchoolOptions {
  const plan = chosen.every((s) => s.seed)
    ? chosen.reduce<LargeSchoolOptions>((acc, s) => {
        const next = { ...acc };
        for (const [key, value] of Object.entries(s.seed!) as [keyof LargeSchoolOptions, number][]) next[key] = Math.max(acc[key], value);
        return next;
      }, SMALL_SCHOOL)
    : DEFAULT_SCHOOL;
  if (students === undefined) return plan;
  return { ...plan, students, studentsWithProgress: Math.min(students, plan === DEFAULT_SCHOOL ? plan.studentsWithProgress : students) };
}

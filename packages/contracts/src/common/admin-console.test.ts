import { expect, it } from 'vitest';
import { PAGE_SIZES } from './admin-console';

it('admin lists use the spec page sizes', () => {
  expect(PAGE_SIZES).toMatchObject({
    courses: 7,
    cohorts: 8,
    students: 10,
    cohortStudents: 20,
    cohortQueue: 20,
    cohortCourseSearch: 20,
    addStudent: 20,
    certificates: 10,
  });
});

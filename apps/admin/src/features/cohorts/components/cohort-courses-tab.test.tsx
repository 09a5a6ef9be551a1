import type { AdminCohort } from '@school/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortCoursesTab } from './cohort-courses-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = (total_students: number): AdminCohort =>
  aCohort({
    total_active: total_students,
    total_students,
    courses: [
      { id_slug: 'k1', title: 'Analog Layout', description: '', modules_count: 1, lessons_count: 2 },
      { id_slug: 'k2', title: 'Digital Design', description: '', modules_count: 1, lessons_count: 2 },
    ],
  });

const handlers = {
  adminCourseList: () => ({ data: [], count: 0, num_pages: 0 }),
  adminCohortRemoveCourse: () => ({ cohort_id_slug: 'h1', course_id_slug: 'k2' }),
  adminCohortAddCourse: () => reply(201, { cohort_id_slug: 'h1', course_id_slug: 'k3' }),
  adminCohortReorderCourses: () => ({ cohort_id_slug: 'h1' }),
};

describe('CohortCoursesTab', () => {
  it('refuses to unlink a course while the cohort has students, with the warning', async () => {
    const api = mockRoutes(handlers, { user: ADMIN });
    renderWithApi(<CohortCoursesTab cohort={cohort(3)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Digital Design' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You already have students enrolled in this cohort. Unlinking a course might interfere with the grading and student data.',
    );
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('moves a course up or down, saving the whole order at once, and cannot move past either end', async () => {
    const api = mockRoutes(handlers, { user: ADMIN });
    renderWithApi(<CohortCoursesTab cohort={cohort(3)} />);
    expect(screen.getByRole('button', { name: 'Move up: Analog Layout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move down: Digital Design' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move up: Digital Design' }));
    expect(await screen.findByText('Course order saved.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toMatchObject([
      { path: 'cohorts/admin/h1/courses/order', body: { course_id_slugs: ['k2', 'k1'] } },
    ]);
  });

  it('unlinks a course of a cohort without students after a confirmation', async () => {
    const api = mockRoutes(handlers, { user: ADMIN });
    renderWithApi(<CohortCoursesTab cohort={cohort(0)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Unlink Digital Design' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink course' }));
    expect(await screen.findByText('Course unlinked: Digital Design.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['cohorts/admin/h1/courses/k2']);
  });

  it('links a picked course and names it in the notice', async () => {
    const api = mockRoutes(
      {
        ...handlers,
        adminCourseList: () => ({
          data: [
            {
              id_slug: 'k3',
              title: 'Mixed Signal',
              description: '',
              created_date: '2025-09-01T09:00:00.000Z',
              modified_date: '2025-09-01T09:00:00.000Z',
              modules_count: 1,
              lessons_count: 2,
              cohorts_count: 0,
            },
          ],
          count: 1,
          num_pages: 1,
        }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortCoursesTab cohort={cohort(0)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Mixed Signal' }));
    expect(await screen.findByText('Course linked: Mixed Signal.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: 'cohorts/admin/h1/add-course',
      body: { course_id_slug: 'k3' },
    });
  });
});

import type { AdminCourse } from '@school/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { CourseDetailsTab } from './course-details-tab';

const course: AdminCourse = {
  id_slug: 'c1',
  title: 'Digital IC Design',
  description: 'RTL to gates',
  created_date: '2025-09-01T09:00:00.000Z',
  modified_date: '2025-09-02T09:00:00.000Z',
  modules: [],
  cohorts: [],
  engagement: { active_students: 0, total_students: 0, total_dropped: 0, course_completion_percentage: 0, modules_engagement: [] },
};

afterEach(() => vi.unstubAllGlobals());

describe('CourseDetailsTab', () => {
  it('enables Save only when something changed', async () => {
    mockRoutes({}, { user: ADMIN });
    renderWithApi(<CourseDetailsTab course={course} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const title = screen.getByLabelText(/Course title/);
    await userEvent.type(title, ' II');
    expect(save).toBeEnabled();
    await userEvent.clear(title);
    await userEvent.type(title, 'Digital IC Design');
    expect(save).toBeDisabled();
  });

  it('requires the title, then saves the change with a success notice', async () => {
    const api = mockRoutes({ adminCourseUpdate: () => ({ id_slug: 'c1' }) }, { user: ADMIN });
    renderWithApi(<CourseDetailsTab course={course} />);
    const title = screen.getByLabelText(/Course title/);
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course title is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    await userEvent.type(title, 'Digital IC Design 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course updated.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Digital IC Design 2', description: 'RTL to gates' });
  });

  it('shows the generic failure alert when the save fails', async () => {
    mockRoutes({ adminCourseUpdate: () => reply(500, { message: 'boom' }) }, { user: ADMIN });
    renderWithApi(<CourseDetailsTab course={course} />);
    await userEvent.type(screen.getByLabelText(/Description/), ' and more');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Uh oh... something went wrong. Please try again later.'));
  });
});

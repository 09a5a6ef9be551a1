import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { CreateCohortPage } from './create-cohort-page';

afterEach(() => vi.unstubAllGlobals());

const course = (id_slug: string, title: string) => ({
  id_slug,
  title,
  description: '',
  created_date: '2025-09-01T09:00:00.000Z',
  modified_date: '2025-09-01T09:00:00.000Z',
  modules_count: 2,
  lessons_count: 5,
  cohorts_count: 0,
});

function setup() {
  return mockRoutes(
    {
      adminCourseList: () => ({ data: [course('k1', 'Analog Layout'), course('k2', 'Digital Design')], count: 2, num_pages: 1 }),
      adminCohortCreate: ({ body }) => ({
        ...body,
        result_open_date: body.result_open_date ?? null,
        id_slug: 'new1',
        status: 'UPCOMING',
        total_active: 0,
        total_students: 0,
        total_dropped: 0,
        courses_count: 1,
        created_date: '2025-09-01T09:00:00.000Z',
      }),
    },
    { user: ADMIN },
  );
}

describe('CreateCohortPage', () => {
  it('shows every required message and asks to link a course', async () => {
    const api = setup();
    renderWithApi(<CreateCohortPage />, '/admin/create/cohort');
    await userEvent.click(await screen.findByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('Cohort title is required')).toBeInTheDocument();
    expect(screen.getByText('Start date is required')).toBeInTheDocument();
    expect(screen.getByText('End date is required')).toBeInTheDocument();
    expect(screen.getByText('End of access date is required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please link this cohort to a course!');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses the same course twice and sends the dates as ISO with the linked courses', async () => {
    const api = setup();
    renderWithApi(<CreateCohortPage />, '/admin/create/cohort');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Analog Layout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Added Analog Layout' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Course already added!');
    expect(within(screen.getByRole('list', { name: 'Linked courses' })).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.type(screen.getByLabelText(/Cohort title/), 'Spring intake');
    await userEvent.type(screen.getByLabelText(/Start date/), '2025-09-01T09:00');
    await userEvent.type(screen.getByLabelText(/^End date/), '2025-12-01T09:00');
    await userEvent.type(screen.getByLabelText(/End of access date/), '2026-01-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('Cohort created.')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Spring intake',
      start_date: new Date('2025-09-01T09:00').toISOString(),
      end_date: new Date('2025-12-01T09:00').toISOString(),
      end_access_date: new Date('2026-01-01T09:00').toISOString(),
      result_open_date: null,
      course_ids: ['k1'],
    });
  });

  it('checks that the end comes after the start', async () => {
    setup();
    renderWithApi(<CreateCohortPage />, '/admin/create/cohort');
    await userEvent.type(await screen.findByLabelText(/Start date/), '2025-09-01T09:00');
    await userEvent.type(screen.getByLabelText(/^End date/), '2025-08-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create cohort' }));
    expect(await screen.findByText('End date must be after the start date')).toBeInTheDocument();
  });
});

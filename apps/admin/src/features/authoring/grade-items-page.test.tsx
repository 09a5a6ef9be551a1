import type { CohortGradeLesson } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { GradeItemsPage } from './grade-items-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const quiz: CohortGradeLesson = {
  lesson_id_slug: 'l1',
  lesson_title: 'Lithography quiz',
  lesson_type: 'QUIZ',
  course_title: 'Wafer basics',
  grade_item: {
    id_slug: 'g1',
    open_datetime: null,
    deadline_datetime: '2030-05-10T10:00:00.000Z',
    late_deadline_datetime: null,
    result_open_datetime: null,
    is_mandatory: true,
    grade_percentage: 40,
    late_penalty_per_day: null,
    late_score_cap: null,
    is_default: false,
  },
};

describe('GradeItemsPage', () => {
  it('saves a grade item and names its lesson in the notice', async () => {
    const api = mockRoutes(
      {
        adminCohortGradeLessons: () => ({ data: [quiz] }),
        adminUpdateGradeItem: () => ({ id_slug: 'g1' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<GradeItemsPage />, '/admin/cohorts/h1/grade-items', '/admin/cohorts/:id/grade-items');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lithography quiz' }));
    const form = screen.getByRole('form', { name: 'Grade item of Lithography quiz' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save grade item' }));
    expect(await screen.findByText('Grade item saved: Lithography quiz.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ grade_percentage: 40, is_mandatory: true });
  });

  it("shows the API's refusal of a result date before the deadline under the Result date field", async () => {
    const message = 'The result date cannot be before the deadline';
    const api = mockRoutes(
      {
        adminCohortGradeLessons: () => ({ data: [quiz] }),
        adminUpdateGradeItem: () => reply(400, { message, errors: { result_open_datetime: message } }),
      },
      { user: ADMIN },
    );
    renderWithApi(<GradeItemsPage />, '/admin/cohorts/h1/grade-items', '/admin/cohorts/:id/grade-items');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lithography quiz' }));
    const form = screen.getByRole('form', { name: 'Grade item of Lithography quiz' });
    await userEvent.type(within(form).getByLabelText('Result date'), '2030-05-01T09:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save grade item' }));

    const result = within(form).getByLabelText('Result date');
    expect(await within(form).findByText(message)).toHaveClass('ui-field__error');
    expect(result).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(form).getByLabelText('Deadline')).not.toHaveAccessibleDescription(expect.stringContaining(message));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect((put.body as { result_open_datetime: string }).result_open_datetime).toBe(new Date('2030-05-01T09:00').toISOString());
  });

  it("shows the refusal of a deadline after the cohort's result date under the Deadline field", async () => {
    const message = "The deadline cannot be after the cohort's result date";
    mockRoutes(
      {
        adminCohortGradeLessons: () => ({ data: [quiz] }),
        adminUpdateGradeItem: () => reply(400, { message, errors: { deadline_datetime: message } }),
      },
      { user: ADMIN },
    );
    renderWithApi(<GradeItemsPage />, '/admin/cohorts/h1/grade-items', '/admin/cohorts/:id/grade-items');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lithography quiz' }));
    const form = screen.getByRole('form', { name: 'Grade item of Lithography quiz' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save grade item' }));

    expect(await within(form).findByText(message)).toHaveClass('ui-field__error');
    expect(within(form).getByLabelText('Deadline')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(form).getByLabelText('Result date')).not.toHaveAccessibleDescription(expect.stringContaining(message));
  });
});

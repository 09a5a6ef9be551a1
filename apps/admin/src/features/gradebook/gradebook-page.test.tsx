import type { Gradebook } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApi } from '../../test/api-harness';
import { GradebookPage } from './gradebook-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const book: Gradebook = {
  cohort: { id_slug: 'h1', title: 'Spring cohort' },
  items: [
    {
      id_slug: 'g1',
      lesson_title: 'Counter project',
      is_mandatory: true,
      grade_percentage: 60,
      late_penalty_per_day: 10,
      late_score_cap: null,
    },
    {
      id_slug: 'g2',
      lesson_title: 'Quiz one',
      is_mandatory: false,
      grade_percentage: 40,
      late_penalty_per_day: null,
      late_score_cap: null,
    },
  ],
  students: [
    {
      id_slug: 'u1',
      first_name: 'Aisha',
      last_name: 'Tan',
      email: 'aisha@x.io',
      grades: [
        { state: 'GRADED', user_grade: 70, is_late: true, original_grade: 80, days_late: 1, extended: false },
        { state: 'OPEN', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: true },
      ],
      weighted_total: 42,
      missing_mandatory: 0,
    },
    {
      id_slug: 'u2',
      first_name: 'Badrul',
      last_name: 'Lee',
      email: 'badrul@x.io',
      grades: [
        { state: 'SUBMITTED', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: false },
        { state: 'OPEN', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: false },
      ],
      weighted_total: 0,
      missing_mandatory: 1,
    },
  ],
};

describe('GradebookPage', () => {
  it('shows students by items with weights, mandatory flags, grades (the late penalty beside), late and extension flags and the weighted total', async () => {
    mockApi({ 'GET grading/cohorts/h1/gradebook': () => ({ data: book }) });
    renderWithApi(<GradebookPage />, '/admin/gradebook/h1', '/admin/gradebook/:cohortId');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Counter project60% · Mandatory · Late: −10% per day', 'Quiz one40%', 'Weighted total']);
    const [, aisha, badrul] = within(table).getAllByRole('row');
    expect(
      within(aisha)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7080 before the late penalty (1 day late)GradedLate', 'OpenExtended', '42']);
    expect(
      within(badrul)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Submitted', 'Open', '01 mandatory item not graded']);
  });

  it('filters by status through the API and exports the same view as CSV', async () => {
    const api = mockApi({
      'GET grading/cohorts/h1/gradebook': (call) => ({
        data: call.query.get('status') === 'SUBMITTED' ? { ...book, students: [book.students[1]] } : book,
      }),
      'GET grading/cohorts/h1/gradebook/export': () => 'First name\r\nBadrul',
    });
    const createObjectURL = vi.fn(() => 'blob:gradebook');
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { router } = renderWithApi(<GradebookPage />, '/admin/gradebook/h1', '/admin/gradebook/:cohortId');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Submitted');
    await waitFor(() => expect(router.state.location.search).toBe('?status=SUBMITTED'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('1 student with an item Submitted');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const exported = api.calls.find((c) => c.path.endsWith('/export'))!;
    expect(exported.query.get('status')).toBe('SUBMITTED');
  });
});

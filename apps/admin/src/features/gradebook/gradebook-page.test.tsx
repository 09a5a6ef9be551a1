import { type Gradebook, type GradeOverrideEntry, OVERRIDE_REASON_REQUIRED } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
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
        { state: 'GRADED', user_grade: 70, is_late: true, original_grade: 80, days_late: 1, extended: false, override: null },
        { state: 'OPEN', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: true, override: null },
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
        { state: 'SUBMITTED', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: false, override: null },
        { state: 'OPEN', user_grade: null, is_late: false, original_grade: null, days_late: 0, extended: false, override: null },
      ],
      weighted_total: 0,
      missing_mandatory: 1,
    },
  ],
};

// Whole pages render and type key by key: slow on a busy machine, hence the timeout.
describe('GradebookPage', { timeout: 30_000 }, () => {
  it('shows students by items with weights, mandatory flags, grades (the late penalty beside), late and extension flags and the weighted total', async () => {
    mockRoutes({ gradebook: () => ({ data: book }), gradeOverrideLog: () => ({ data: [] }) }, { user: ADMIN });
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
    ).toEqual(['7080 before the late penalty (1 day late)GradedLateOverride', 'OpenExtendedOverride', '42']);
    expect(
      within(badrul)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['SubmittedOverride', 'OpenOverride', '01 mandatory item not graded']);
  });

  it('filters by status through the API and exports the same view as CSV', async () => {
    const api = mockRoutes(
      {
        gradebook: (call) => ({
          data: call.query.get('status') === 'SUBMITTED' ? { ...book, students: [book.students[1]] } : book,
        }),
        gradebookExport: () => 'First name\r\nBadrul',
        gradeOverrideLog: () => ({ data: [] }),
      },
      { user: ADMIN },
    );
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

  it('sets a grade by hand with a required reason, shows it beside the computed grade, and lists the change in the log', async () => {
    let current = book;
    let entries: GradeOverrideEntry[] = [];
    const api = mockRoutes(
      {
        gradebook: () => ({ data: current }),
        gradeOverrideLog: () => ({ data: entries }),
        gradeOverride: (call) => {
          const body = call.body as { grade: number; reason: string };
          const entry: GradeOverrideEntry = {
            id_slug: 'o1',
            item_id_slug: 'g1',
            lesson_title: 'Counter project',
            student: { id_slug: 'u1', first_name: 'Aisha', last_name: 'Tan', email: 'aisha@x.io' },
            previous_grade: null,
            grade: body.grade,
            computed_grade: 80,
            penalised_grade: 70,
            reason: body.reason,
            changed_by: 'Nadia Hassan',
            changed_at: '2026-02-01T09:00:00.000Z',
          };
          entries = [entry];
          const [aisha, badrul] = book.students;
          current = {
            ...book,
            students: [
              {
                ...aisha,
                grades: [
                  {
                    ...aisha.grades[0],
                    override: { grade: body.grade, reason: body.reason, changed_by: 'Nadia Hassan', changed_at: entry.changed_at },
                  },
                  aisha.grades[1],
                ],
                weighted_total: 51,
              },
              badrul,
            ],
          };
          return { data: entry };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<GradebookPage />, '/admin/gradebook/h1', '/admin/gradebook/:cohortId');
    expect(await screen.findByText('No grade has been set by hand in this cohort.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Override Counter project for Aisha Tan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set grade by hand · Counter project' });
    expect(within(dialog).getByText(/computed grade: 80, 70 after the late penalty \(1 day late\)/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Grade (0-100)'), '85');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set grade' }));
    // The reason is required before anything is sent.
    expect(within(dialog).getByText(OVERRIDE_REASON_REQUIRED)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Re-marked after appeal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set grade' }));
    expect(await screen.findByText('Grade set to 85 for Aisha Tan.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ grade: 85, reason: 'Re-marked after appeal' });
    const [, aisha] = within(await screen.findByRole('table')).getAllByRole('row');
    await waitFor(() =>
      expect(within(aisha).getAllByRole('cell')[0]).toHaveTextContent(
        '85Set by hand · computed 80, 70 after the late penalty (1 day late)',
      ),
    );
    expect(within(aisha).getAllByRole('cell')[2]).toHaveTextContent('51');
    const log = screen.getByRole('region', { name: 'Grades set by hand' });
    expect(await within(log).findByText('Aisha Tan · Counter project: — → 85')).toBeInTheDocument();
    expect(within(log).getByText(/by Nadia Hassan/)).toHaveTextContent(
      'Computed grade then: 80, 70 after the late penalty · by Nadia Hassan',
    );
    expect(within(log).getByText('Reason: Re-marked after appeal')).toBeInTheDocument();
  });
});

import type { QuestionBank, RegradeChange } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { QuestionBankPage } from './question-bank-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bank: QuestionBank = {
  id_slug: 'b1',
  title: 'Band gaps',
  course_id_slug: 'c1',
  course_title: 'Semiconductor basics',
  questions: [
    {
      id_slug: 'q1',
      kind: 'NUMERIC',
      prompt: 'Band gap of silicon, in eV?',
      points: 3,
      options: [],
      correct_boolean: null,
      correct_number: 1.12,
      tolerance: 0.01,
      accepted_answers: [],
    },
  ],
};

const change = (first_name: string, lesson_title: string): RegradeChange => ({
  session_id_slug: `s-${first_name}`,
  attempt_number: 1,
  lesson_title,
  cohort_title: 'Spring cohort',
  student: { id_slug: `u-${first_name}`, first_name, last_name: 'Tan' },
  max_score: 4,
  old_score: 1,
  new_score: 4,
  new_max_score: 4,
});

const render = () =>
  renderWithApi(
    <QuestionBankPage homePath="/admin" coursePath={(c) => `/admin/courses/${c}`} />,
    '/admin/quiz-banks/b1',
    '/admin/quiz-banks/:bankId',
  );

// Whole pages render and type key by key: slow on a busy machine, hence the timeout.
describe('QuestionBankPage', { timeout: 90_000 }, () => {
  it('lists the attempts of every quiz a changed key rescored, old and new, and saves with the regrade when confirmed', async () => {
    const api = mockRoutes(
      {
        questionBank: () => ({ data: bank }),
        questionBankRegradePreview: () => ({
          data: [change('Ana', 'Check one'), change('Ben', 'Check two')],
          submitted_attempts: 3,
        }),
        questionBankSave: () => ({ data: bank }),
      },
      { user: ADMIN },
    );
    render();
    const tolerance = await screen.findByLabelText('Tolerance (±)');
    await userEvent.clear(tolerance);
    await userEvent.type(tolerance, '0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'These scores will change' });
    expect(dialog).toHaveTextContent('gives 2 of 3 submitted attempts a different score');
    const rows = within(dialog).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ana Tan');
    expect(rows[1]).toHaveTextContent('Check one');
    expect(rows[1]).toHaveTextContent('1 / 4');
    expect(rows[2]).toHaveTextContent('Check two');
    // Nothing is saved before the choice.
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Band gaps', questions: [{ tolerance: 0.05 }] });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and regrade' }));
    expect(await screen.findByText('Question bank saved. 3 attempts were regraded with the new answer key.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ regrade: true, questions: [{ tolerance: 0.05 }] });
  });

  it('saves at once when no submitted attempt changes', async () => {
    const api = mockRoutes(
      {
        questionBank: () => ({ data: bank }),
        questionBankRegradePreview: () => ({ data: [], submitted_attempts: 3 }),
        questionBankSave: () => ({ data: bank }),
      },
      { user: ADMIN },
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Save bank' }));
    expect(await screen.findByText('Question bank saved.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('regrade');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

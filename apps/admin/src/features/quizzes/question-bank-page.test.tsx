import { QUIZ_IMPORT_FAILED_MESSAGE, type QuestionBank, type RegradeChange } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
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

describe('QuestionBankPage import and export', { timeout: 90_000 }, () => {
  const BROKEN = 'Which gate? {~AND =NAND\n\n::M:: Match. {\n=Au -> Gold\n}\n';

  it('sends the chosen file to the bank and lists a refused file’s problems by line, in file order', async () => {
    const api = mockRoutes(
      {
        questionBank: () => ({ data: bank }),
        questionBankImport: () =>
          reply(400, {
            message: QUIZ_IMPORT_FAILED_MESSAGE,
            errors: { 'line 3': 'Matching questions are not supported.', 'line 1': 'Expected "}" at the end of the answers' },
          }),
      },
      { user: ADMIN },
    );
    render();
    const picker = await screen.findByLabelText('Question file');
    await userEvent.upload(picker, new File([BROKEN], 'broken.gift', { type: 'text/plain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import questions' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(QUIZ_IMPORT_FAILED_MESSAGE);
    const lines = within(alert).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Line 1: Expected "}" at the end of the answers',
      'Line 3: Matching questions are not supported.',
    ]);
    const sent = api.calls.filter((c) => c.name === 'questionBankImport');
    expect(sent).toHaveLength(1);
    expect(sent[0].params).toEqual({ bankId: 'b1' });
    expect(sent[0].body).toEqual({ format: 'gift', content: BROKEN });
    // The bank shown is the saved one: nothing was imported.
    expect(screen.getByRole('heading', { name: 'Questions (1)' })).toBeInTheDocument();
  });

  it('reads a .xml file as Moodle XML, tells how many questions came in and shows the bank with them', async () => {
    let saved = bank;
    const imported = { ...bank.questions[0], id_slug: 'q2', prompt: 'Band gap of germanium, in eV?', correct_number: 0.67 };
    const api = mockRoutes(
      {
        questionBank: () => ({ data: saved }),
        questionBankImport: () => {
          saved = { ...bank, questions: [...bank.questions, imported] };
          return { data: saved, imported: 1 };
        },
      },
      { user: ADMIN },
    );
    render();
    await userEvent.upload(
      await screen.findByLabelText('Question file'),
      new File(['<quiz></quiz>'], 'bank.xml', { type: 'application/xml' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import questions' }));
    expect(await screen.findByText('Imported 1 question from bank.xml.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Questions (2)' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'questionBankImport')!.body).toMatchObject({ format: 'moodle_xml' });
  });

  it('exports the saved bank as GIFT or Moodle XML under the bank’s name', async () => {
    const api = mockRoutes(
      {
        questionBank: () => ({ data: bank }),
        questionBankExport: (c) => new Response(c.query.get('format') === 'gift' ? 'Q {T}' : '<quiz/>', { status: 200 }),
      },
      { user: ADMIN },
    );
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:bank'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export as GIFT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export as Moodle XML' }));
    await vi.waitFor(() => expect(names).toEqual(['band-gaps.gift.txt', 'band-gaps.xml']));
    expect(api.calls.filter((c) => c.name === 'questionBankExport').map((c) => [c.params.bankId, c.query.get('format')])).toEqual([
      ['b1', 'gift'],
      ['b1', 'moodle_xml'],
    ]);
  });
});

import type { GradingQueueResponse, GradingSubmission } from '@school/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byPath, mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { GradingItemPage, KEYBOARD_HELP } from './grading-item-page';

afterEach(() => vi.unstubAllGlobals());

const student = (id: string, first: string) => ({ id_slug: id, first_name: first, last_name: 'Tan', email: `${id}@x.io` });
const queue: GradingQueueResponse = {
  item: {
    id_slug: 'g1',
    lesson_title: 'Counter project',
    lesson_type: 'PROJECT',
    deadline_datetime: '2026-01-10T10:00:00.000Z',
    is_mandatory: true,
    grade_percentage: 60,
    submitted: 3,
    graded: 1,
    late: 1,
    cohort_id_slug: 'h1',
    cohort_title: 'Spring cohort',
  },
  // The API's order: ungraded first, then graded.
  data: [
    {
      id_slug: 's1',
      kind: 'PROJECT',
      student: student('u1', 'Aisha'),
      submitted_at: '2026-01-09T10:00:00.000Z',
      is_late: false,
      user_submission_status: 'SUBMITTED',
      user_grade: null,
    },
    {
      id_slug: 's2',
      kind: 'PROJECT',
      student: student('u2', 'Badrul'),
      submitted_at: '2026-01-11T10:00:00.000Z',
      is_late: true,
      user_submission_status: 'SUBMITTED',
      user_grade: null,
    },
    {
      id_slug: 's3',
      kind: 'PROJECT',
      student: student('u3', 'Chen'),
      submitted_at: '2026-01-08T10:00:00.000Z',
      is_late: false,
      user_submission_status: 'GRADED',
      user_grade: 80,
    },
  ],
};
const rubric = [
  {
    id: 'rtl',
    title: 'RTL quality',
    levels: [
      { title: 'Weak', points: 0 },
      { title: 'Good', points: 6 },
      { title: 'Excellent', points: 10 },
    ],
  },
  {
    id: 'tb',
    title: 'Testbench',
    levels: [
      { title: 'Missing', points: 0 },
      { title: 'Complete', points: 5 },
    ],
  },
];
const submission = (id: string): GradingSubmission => {
  const entry = queue.data.find((e) => e.id_slug === id)!;
  return {
    ...entry,
    grade_item_id_slug: 'g1',
    lesson_title: 'Counter project',
    file_name: `${id}.zip`,
    size_bytes: 2048,
    files: [
      { path: 'rtl/counter.v', size: 120 },
      { path: 'README.md', size: 40 },
    ],
    download_url: `/api/files/${id}?download=1`,
    rubric,
    rubric_scores: [],
    feedback: '',
    graded_at: null,
  };
};

/** The item's extensions panel, empty. */
const noExtensions = {
  data: {
    item: {
      id_slug: 'g1',
      lesson_title: 'Item',
      lesson_type: 'PROJECT' as const,
      deadline_datetime: null,
      late_deadline_datetime: null,
      attempts_allowed: null,
    },
    students: [],
    data: [],
  },
};
const handlers = {
  gradeExtensions: () => noExtensions,
  gradingQueue: () => queue,
  gradingSubmission: byPath({
    'grading/submissions/s1': () => ({ data: submission('s1') }),
    'grading/submissions/s2': () => ({ data: submission('s2') }),
    'grading/submissions/s3': () => ({ data: submission('s3') }),
  }),
};
const render = (path = '/admin/grading/items/g1') => renderWithApi(<GradingItemPage />, path, '/admin/grading/items/:itemId');

describe('GradingItemPage', () => {
  it('shows the queue in the API order, ungraded first, with late hand-ins flagged', async () => {
    mockRoutes(handlers, { user: ADMIN });
    render();
    const nav = await screen.findByRole('navigation', { name: 'Submissions' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Aisha Tan.*To grade$/),
      expect.stringMatching(/^Badrul Tan.*To grade.*Late$/),
      expect.stringMatching(/^Chen Tan.*Graded 80$/),
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText(KEYBOARD_HELP)).toBeInTheDocument();
    // The first submission's files and the zip's download.
    expect(await screen.findByRole('link', { name: 'Download s1.zip' })).toHaveAttribute('href', '/api/files/s1?download=1');
    expect(
      within(screen.getByRole('list', { name: 'Files in s1.zip' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['rtl/counter.v 120 bytes Preview', 'README.md 40 bytes Preview']);
  });

  it('previews a text file of the archive as text, and tells why another cannot be previewed', async () => {
    const api = mockRoutes(
      {
        ...handlers,
        submissionPreview: (call) =>
          call.query.get('path') === 'rtl/counter.v'
            ? new Response('<b>module counter;</b>', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
            : reply(415, { message: 'Only text and PDF files are previewed; download the archive to open this one.' }),
      },
      { user: ADMIN },
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview rtl/counter.v' }));
    const region = await screen.findByRole('region', { name: 'Preview of rtl/counter.v' });
    // Shown as text, never as markup.
    expect(await within(region).findByText('<b>module counter;</b>')).toBeInTheDocument();
    expect(region.querySelector('b')).toBeNull();
    expect(api.calls.find((c) => c.path.endsWith('/preview'))!.query.get('path')).toBe('rtl/counter.v');
    await userEvent.click(screen.getByRole('button', { name: 'Preview README.md' }));
    const other = await screen.findByRole('region', { name: 'Preview of README.md' });
    expect(await within(other).findByRole('alert')).toHaveTextContent('Only text and PDF files are previewed');
    await userEvent.click(within(other).getByRole('button', { name: 'Close preview' }));
    expect(screen.queryByRole('region', { name: /^Preview of/ })).not.toBeInTheDocument();
  });

  it('shows a PDF of the archive in an embedded viewer from a local copy of its bytes', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    mockRoutes(
      {
        ...handlers,
        gradingSubmission: () => ({ data: { ...submission('s1'), files: [{ path: 'report.pdf', size: 900 }] } }),
        submissionPreview: () => new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      },
      { user: ADMIN },
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview report.pdf' }));
    const frame = await screen.findByTitle('PDF report.pdf');
    expect(frame).toHaveAttribute('data', 'blob:report');
    expect(frame).toHaveAttribute('type', 'application/pdf');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('adds up the rubric as levels are chosen and saves the scores with the feedback', async () => {
    const api = mockRoutes(
      {
        ...handlers,
        gradeSubmission: () => ({ data: { ...submission('s1'), user_submission_status: 'GRADED', user_grade: 73.33 } }),
      },
      { user: ADMIN },
    );
    render();
    const rtl = await screen.findByRole('group', { name: 'RTL quality' });
    await userEvent.click(within(rtl).getByRole('radio', { name: /Good/ }));
    expect(screen.getByText('Rubric: 6 / 15 points · 1 of 2 criteria scored')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save grade' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Score every rubric criterion');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.click(within(screen.getByRole('group', { name: 'Testbench' })).getByRole('radio', { name: /Complete/ }));
    expect(screen.getByText('Rubric: 11 / 15 points · grade 73.33')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Feedback on Testbench'), 'Covers reset');
    await userEvent.type(screen.getByLabelText('Overall feedback'), 'Clean design');
    await userEvent.click(screen.getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    // Focus does not fall to the page: it moves to what was saved and the key to the next one.
    const saved = await screen.findByText('Grade saved for Aisha Tan: 73.33. Press j for the next submission.');
    await waitFor(() => expect(saved).toHaveFocus());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('grading/submissions/s1/grade');
    expect(put.body).toEqual({
      rubric_scores: [
        { criterion_id: 'rtl', level_index: 1, comment: '' },
        { criterion_id: 'tb', level_index: 1, comment: 'Covers reset' },
      ],
      user_grade: null,
      feedback: 'Clean design',
    });
  });

  it('moves to the next and previous submission with j/k and Alt+arrows, announcing it', async () => {
    mockRoutes(handlers, { user: ADMIN });
    const { router } = render();
    await screen.findByRole('link', { name: 'Download s1.zip' });
    await userEvent.keyboard('j');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s2'));
    expect(await screen.findByRole('link', { name: 'Download s2.zip' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Submission 2 of 3: Badrul Tan');
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s3'));
    // Typing in a text field keeps j for the text; Alt+ArrowUp still moves.
    const feedback = await screen.findByLabelText('Overall feedback');
    await userEvent.type(feedback, 'k');
    expect(router.state.location.search).toBe('?submission=s3');
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s2'));
    await userEvent.keyboard('k');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s1'));
  });

  it('keeps the order first shown after a save re-sorts the queue, so next opens the next student', async () => {
    let current = queue;
    mockRoutes(
      {
        ...handlers,
        gradingQueue: () => current,
        gradeSubmission: () => {
          // The API now lists Aisha's graded hand-in last.
          const graded = { ...queue.data[0], user_submission_status: 'GRADED' as const, user_grade: 100 };
          current = { ...queue, data: [queue.data[1], queue.data[2], graded] };
          return { data: { ...submission('s1'), user_submission_status: 'GRADED', user_grade: 100 } };
        },
      },
      { user: ADMIN },
    );
    const { router } = render();
    await userEvent.click(within(await screen.findByRole('group', { name: 'RTL quality' })).getByRole('radio', { name: /Excellent/ }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Testbench' })).getByRole('radio', { name: /Complete/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Submissions' });
    await waitFor(() => expect(within(nav).getAllByRole('link')[0]).toHaveTextContent(/Aisha Tan.*Graded 100/));
    // Aisha stays first and open, not replaced by the student the API now lists first.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent?.split(' ')[0]),
    ).toEqual(['Aisha', 'Badrul', 'Chen']);
    expect(screen.getByRole('link', { name: 'Download s1.zip' })).toBeInTheDocument();
    await userEvent.keyboard('j');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s2'));
    expect(screen.getByText('Submission 2 of 3: Badrul Tan')).toBeInTheDocument();
  });

  it('keeps Alt+arrows for the queue even at its ends, so a number field never steps its value', async () => {
    mockRoutes({ ...handlers, gradingSubmission: () => ({ data: { ...submission('s1'), rubric: [] } }) }, { user: ADMIN });
    render();
    const field = await screen.findByLabelText('Grade (0-100)');
    // At the first entry Alt+ArrowUp has nowhere to go; its default (stepping the field) is still kept off.
    expect(fireEvent.keyDown(field, { key: 'ArrowUp', altKey: true })).toBe(false);
  });
});

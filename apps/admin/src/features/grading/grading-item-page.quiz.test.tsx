import type { FreeTextAnswer, GradingQueueResponse } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { GradingItemPage } from './grading-item-page';

afterEach(() => vi.unstubAllGlobals());

const student = (id: string, first: string) => ({ id_slug: id, first_name: first, last_name: 'Lim', email: `${id}@x.io` });
const queue: GradingQueueResponse = {
  item: {
    id_slug: 'q1',
    lesson_title: 'Timing quiz',
    lesson_type: 'QUIZ',
    deadline_datetime: null,
    is_mandatory: false,
    grade_percentage: 20,
    submitted: 3,
    graded: 1,
    late: 0,
    cohort_id_slug: 'h1',
    cohort_title: 'Spring cohort',
  },
  data: [],
};
const answer = (
  id: string,
  session: string,
  who: ReturnType<typeof student>,
  question: number,
  points: number | null,
  submitted: string,
): FreeTextAnswer => ({
  answer_id_slug: id,
  session_id_slug: session,
  attempt_number: 1,
  student: who,
  question_id_slug: `question-${question}`,
  prompt: question === 1 ? 'Explain setup time.' : 'Why pipeline a multiplier?',
  max_points: question === 1 ? 4 : 6,
  answer: `${who.first_name} answers question ${question}`,
  points,
  comment: '',
  graded_at: points === null ? null : '2026-01-12T10:00:00.000Z',
  submitted_at: submitted,
});
// The API's order: oldest hand-in first. Dana's attempt is fully scored, so it goes last.
const answers: FreeTextAnswer[] = [
  answer('a1', 's-dana', student('u4', 'Dana'), 1, 3, '2026-01-08T10:00:00.000Z'),
  answer('a2', 's-eli', student('u5', 'Eli'), 1, null, '2026-01-09T10:00:00.000Z'),
  answer('a3', 's-eli', student('u5', 'Eli'), 2, 5, '2026-01-09T10:00:00.000Z'),
  answer('a4', 's-fay', student('u6', 'Fay'), 1, null, '2026-01-10T10:00:00.000Z'),
];

/** The item's extensions panel, empty. */
const noExtensions = {
  data: {
    item: {
      id_slug: 'q1',
      lesson_title: 'Item',
      lesson_type: 'QUIZ' as const,
      deadline_datetime: null,
      late_deadline_datetime: null,
      attempts_allowed: 1,
    },
    students: [],
    data: [],
  },
};
const handlers = {
  gradeExtensions: () => noExtensions,
  gradingQueue: () => queue,
  quizFreeTextAnswers: () => ({ data: answers, count: answers.length }),
};
const render = (path = '/admin/grading/items/q1') => renderWithApi(<GradingItemPage />, path, '/admin/grading/items/:itemId');

describe('GradingItemPage for a quiz', () => {
  it('lists the attempts with free-text answers, those waiting first, and shows each question and answer', async () => {
    mockRoutes(handlers, { user: ADMIN });
    render();
    const nav = await screen.findByRole('navigation', { name: 'Submissions' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Eli Lim.*Attempt 1.*To grade 1$/),
      expect.stringMatching(/^Fay Lim.*To grade 1$/),
      expect.stringMatching(/^Dana Lim.*Graded$/),
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'true');
    const panel = screen.getByRole('region', { name: 'Submission' });
    expect(within(panel).getByRole('heading', { name: 'Eli Lim' })).toBeInTheDocument();
    expect(within(panel).getByText('Explain setup time.')).toBeInTheDocument();
    expect(within(panel).getByText('Eli answers question 1')).toBeInTheDocument();
    expect(within(panel).getByText('Eli answers question 2')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Points (0-6)')).toHaveValue(5);
  });

  it("scores an answer up to the question's points", async () => {
    const api = mockRoutes(
      {
        ...handlers,
        quizScoreAnswer: () => ({
          answer_id_slug: 'a2',
          points: 4,
          comment: 'Name the clock edge.',
          session_score: 9,
          session_max_score: 10,
          user_grade: 90,
          user_submission_status: 'GRADED',
        }),
      },
      { user: ADMIN },
    );
    render();
    const field = await screen.findByLabelText('Points (0-4)');
    const form = field.closest('form')!;
    await userEvent.type(field, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save score' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Give points from 0 to 4');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '4');
    await userEvent.type(within(form).getByLabelText('Comment for the student'), 'Name the clock edge.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save score' }));
    expect(await screen.findByText('Score saved')).toBeInTheDocument();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('quizzes/admin/answers/a2/score');
    expect(patch.body).toEqual({ points: 4, comment: 'Name the clock edge.' });
    // The list is read again, so the queue follows.
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'quizzes/admin/grades/q1/free-text-answers')).toHaveLength(2));
  });

  it('moves through the attempts with j/k and Alt+arrows, announcing it', async () => {
    mockRoutes(handlers, { user: ADMIN });
    const { router } = render();
    await screen.findByText('Eli answers question 1');
    await userEvent.keyboard('j');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-fay'));
    expect(await screen.findByText('Fay answers question 1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Submission 2 of 3: Fay Lim');
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-dana'));
    // Typing in the points field keeps k for the field; Alt+ArrowUp still moves.
    await userEvent.type(await screen.findByLabelText('Points (0-4)'), 'k');
    expect(router.state.location.search).toBe('?submission=s-dana');
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-fay'));
    await userEvent.keyboard('k');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-eli'));
  });

  it('keeps the attempts in the order first shown after a score is saved, and never re-sends an unchanged score', async () => {
    let current = answers;
    const api = mockRoutes(
      {
        ...handlers,
        quizFreeTextAnswers: () => ({ data: current, count: current.length }),
        quizScoreAnswer: (call) => {
          // Eli's attempt is now fully scored, so the grouping lists it last.
          current = answers.map((a) =>
            a.answer_id_slug === 'a2'
              ? { ...a, points: (call.body as { points: number }).points, graded_at: '2026-01-13T10:00:00.000Z' }
              : a,
          );
          return {
            answer_id_slug: 'a2',
            points: 3.5,
            comment: '',
            session_score: 8.5,
            session_max_score: 10,
            user_grade: 85,
            user_submission_status: 'GRADED',
          };
        },
      },
      { user: ADMIN },
    );
    const { router } = render();
    const field = await screen.findByLabelText('Points (0-4)');
    await userEvent.type(field, '3.5');
    await userEvent.click(within(field.closest('form')!).getByRole('button', { name: 'Save score' }));
    expect(await screen.findByText('Score saved')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Submissions' });
    await waitFor(() => expect(within(nav).getAllByRole('link')[0]).toHaveTextContent(/Eli Lim.*Graded$/));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent?.split(' ')[0]),
    ).toEqual(['Eli', 'Fay', 'Dana']);
    // Eli's attempt stays open with the score as saved.
    expect(screen.getByText('Eli answers question 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Points (0-4)')).toHaveValue(3.5);

    await userEvent.keyboard('j');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-fay'));
    await userEvent.keyboard('k');
    await waitFor(() => expect(router.state.location.search).toBe('?submission=s-eli'));
    // Saving a score the grader did not change writes nothing.
    const again = await screen.findByLabelText('Points (0-4)');
    expect(again).toHaveValue(3.5);
    await userEvent.click(within(again.closest('form')!).getByRole('button', { name: 'Save score' }));
    expect(await screen.findByText('The score is unchanged, so nothing was saved.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });
});

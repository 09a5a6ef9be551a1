import type { QuizAttempt } from '@school/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@school/ui/testing';
import { renderApp } from '../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PATH = '/class/k1/course/c1/lesson/l1/quiz/s1';

function attempt(overrides: Partial<QuizAttempt> = {}): QuizAttempt {
  const now = new Date();
  return {
    id_slug: 's1',
    status: 'OPEN',
    attempt_number: 1,
    attempts_allowed: 2,
    lesson_id_slug: 'l1',
    lesson_title: 'RTL quiz',
    cohort_id_slug: 'k1',
    course_id_slug: 'c1',
    started_at: now.toISOString(),
    deadline_at: new Date(now.getTime() + 5 * 60_000).toISOString(),
    submitted_at: null,
    server_now: now.toISOString(),
    time_limit_minutes: 5,
    result_open_datetime: null,
    results_visible: false,
    score: null,
    max_score: null,
    percentage: null,
    pass_mark_percentage: null,
    passed: null,
    item_grade: null,
    questions: [
      {
        id_slug: 'q1',
        kind: 'SINGLE_CHOICE',
        prompt: 'Which gate is universal?',
        points: 1,
        options: [
          { key: 'and', text: 'AND' },
          { key: 'nand', text: 'NAND' },
        ],
        answer: null,
        awarded_points: null,
        grader_comment: null,
        correct: null,
      },
      {
        id_slug: 'q2',
        kind: 'TRUE_FALSE',
        prompt: 'A latch is edge-triggered.',
        points: 1,
        options: [],
        answer: false,
        awarded_points: null,
        grader_comment: null,
        correct: null,
      },
    ],
    ...overrides,
  };
}

describe('quiz page', () => {
  it('shows the countdown and the saved answers, and saves a new answer', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(PATH, {
      quizSession: () => ({ data: attempt() }),
      quizSaveAnswers: () => ({ saved: 1 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'RTL quiz' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(5:00|4:5\d)$/);
    expect(screen.getByRole('radio', { name: 'False' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'NAND' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ answers: [{ question_id_slug: 'q1', answer: 'nand' }] });
    await waitFor(() => expect(screen.getByText('All answers saved.')).toBeInTheDocument());
  });

  it('keeps an answer the server could not take on the device, and shows it after a reload', async () => {
    const user = userEvent.setup();
    const first = renderApp(PATH, {
      quizSession: () => ({ data: attempt() }),
      quizSaveAnswers: () => reply(503, { message: 'Database unavailable' }),
    });
    await user.click(await screen.findByRole('radio', { name: 'AND' }));
    await screen.findByText(/Not saved yet/);
    first.unmount();
    renderApp(PATH, {
      quizSession: () => ({ data: attempt() }),
      quizSaveAnswers: () => ({ saved: 1 }),
    });
    expect(await screen.findByRole('radio', { name: 'AND' })).toBeChecked();
  });

  it('after submission shows when results will be shown, without the questions', async () => {
    renderApp(PATH, {
      quizSession: () => ({
        data: attempt({
          status: 'SUBMITTED',
          submitted_at: new Date().toISOString(),
          result_open_datetime: '2030-01-01T09:00:00.000Z',
          questions: [],
        }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Submitted' })).toBeInTheDocument();
    expect(screen.getByText(/Your result and the correct answers will be shown from 1 January 2030/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("shows a free-text answer's points and the instructor's comment with the released results", async () => {
    renderApp(PATH, {
      quizSession: () => ({
        data: attempt({
          status: 'SUBMITTED',
          submitted_at: new Date().toISOString(),
          results_visible: true,
          score: 3,
          max_score: 4,
          percentage: 75,
          questions: [
            {
              id_slug: 'q3',
              kind: 'FREE_TEXT',
              prompt: 'Explain setup time.',
              points: 4,
              options: [],
              answer: 'Data is stable before the edge.',
              awarded_points: 3,
              grader_comment: 'Say which edge.',
              correct: { option_keys: [], boolean: null, number: null, tolerance: null, accepted_answers: [] },
            },
          ],
        }),
      }),
    });
    expect(await screen.findByText('3 of 4 points')).toBeInTheDocument();
    expect(screen.getByText("Your instructor's comment:").closest('p')).toHaveTextContent("Your instructor's comment: Say which edge.");
  });

  it("moves focus to 'Submit now', then to the result once the answers are submitted", async () => {
    const user = userEvent.setup();
    renderApp(PATH, {
      quizSession: () => ({ data: attempt() }),
      quizSaveAnswers: () => ({ saved: 1 }),
      quizSubmit: () => ({
        data: attempt({ status: 'SUBMITTED', submitted_at: new Date().toISOString(), result_open_datetime: '2030-01-01T09:00:00.000Z' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('button', { name: 'Submit now' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep working' }));
    expect(screen.getByRole('button', { name: 'Submit answers' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await user.click(screen.getByRole('button', { name: 'Submit now' }));
    const heading = await screen.findByRole('heading', { name: 'Submitted' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('calls a result provisional while a free-text answer waits for grading', async () => {
    renderApp(PATH, {
      quizSession: () => ({
        data: attempt({
          status: 'SUBMITTED',
          submitted_at: new Date().toISOString(),
          results_visible: true,
          score: 1,
          max_score: 5,
          percentage: 20,
          pass_mark_percentage: 10,
          passed: true,
          questions: [
            { ...attempt().questions[0], answer: 'nand', awarded_points: 1 },
            {
              id_slug: 'q3',
              kind: 'FREE_TEXT',
              prompt: 'Explain setup time.',
              points: 4,
              options: [],
              answer: 'Data is stable before the edge.',
              awarded_points: null,
              grader_comment: null,
              correct: { option_keys: [], boolean: null, number: null, tolerance: null, accepted_answers: [] },
            },
          ],
        }),
      }),
    });
    expect(await screen.findByText('10%: Passed (provisional until graded)')).toBeInTheDocument();
    expect(screen.getByText(/^This result is provisional until graded: 1 answer is still waiting/)).toBeInTheDocument();
    expect(screen.getByText('1 of 5 points (20%) so far')).toBeInTheDocument();
  });

  it('shows a fully graded result without calling it provisional', async () => {
    renderApp(PATH, {
      quizSession: () => ({
        data: attempt({
          status: 'SUBMITTED',
          submitted_at: new Date().toISOString(),
          results_visible: true,
          score: 1,
          max_score: 1,
          percentage: 100,
          pass_mark_percentage: 50,
          passed: true,
          questions: [{ ...attempt().questions[0], answer: 'nand', awarded_points: 1 }],
        }),
      }),
    });
    expect(await screen.findByText('50%: Passed')).toBeInTheDocument();
    expect(screen.queryByText(/provisional/)).not.toBeInTheDocument();
  });

  const released = (item_grade: QuizAttempt['item_grade']) =>
    attempt({
      status: 'SUBMITTED',
      submitted_at: new Date().toISOString(),
      results_visible: true,
      score: 3,
      max_score: 4,
      percentage: 75,
      item_grade,
      questions: [],
    });

  it('shows the grade the instructor set in place of the computed one', async () => {
    renderApp(PATH, {
      quizSession: () => ({ data: released({ grade: 90, set_by_hand: true, before_late_penalty: null }) }),
    });
    expect(await screen.findByText('Grade for this quiz')).toBeInTheDocument();
    expect(screen.getByText('90% (grade set by your instructor)')).toBeInTheDocument();
    expect(screen.getByText('3 of 4 points (75%)')).toBeInTheDocument();
  });

  it('shows a late-penalised grade with the grade before the penalty, and nothing more when the score is the grade', async () => {
    const first = renderApp(PATH, {
      quizSession: () => ({ data: released({ grade: 55, set_by_hand: false, before_late_penalty: 75 }) }),
    });
    expect(await screen.findByText('55% (75% before the late penalty)')).toBeInTheDocument();
    first.unmount();
    renderApp(PATH, {
      quizSession: () => ({ data: released({ grade: 75, set_by_hand: false, before_late_penalty: null }) }),
    });
    expect(await screen.findByText('3 of 4 points (75%)')).toBeInTheDocument();
    expect(screen.queryByText('Grade for this quiz')).not.toBeInTheDocument();
  });
});

import type { InterviewDetail } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { InterviewPage } from './interview-page';

afterEach(() => vi.unstubAllGlobals());

const ID = 'app_bbbbbbbbbbbbbbbb';
const INSTRUCTOR = { ...ADMIN, id_slug: 'ins1', first_name: 'Rajesh', last_name: 'Kumar', role: 'INSTRUCTOR' as const };

const detail = (declared: boolean): InterviewDetail => ({
  application: { id_slug: ID, full_name: 'Farah Aziz', intake: 'youth-programme-2027', course: 'Packaging', status: 'SHORTLISTED' },
  booking: {
    slot: {
      id_slug: 's1',
      intake: 'youth-programme-2027',
      starts_at: '2027-02-03T02:00:00.000Z',
      starts_at_text: '3 February 2027, 10:00 AM (Malaysia time)',
      duration_minutes: 30,
      place: 'Room 3',
      meeting_link: '',
      capacity: 1,
      panel: [{ id_slug: 'ins1', first_name: 'Rajesh', last_name: 'Kumar' }],
    },
    booked_at: '2027-01-20T02:00:00.000Z',
    no_show_at: null,
    no_show_by: null,
  },
  rubric: [{ id: 'communication', title: 'Communication', max_points: 10 }],
  max_total: 10,
  scores: [],
  on_panel: true,
  declared,
  can_score: declared,
});

describe('InterviewPage, conflict of interest', () => {
  it('asks a panel member first, naming the applicant there only; no conflict opens the interview and its score form', async () => {
    let done = false;
    const { calls } = mockRoutes(
      {
        admissionsInterviewDeclaration: () => ({ data: { applicant_name: 'Farah Aziz', declared: done } }),
        admissionsInterviewDeclare: () => {
          done = true;
          return { data: { conflict: false, assigned: true } };
        },
        admissionsInterview: () => ({ data: detail(true) }),
      },
      { user: INSTRUCTOR },
    );
    renderWithApi(<InterviewPage />, `/instructor/interviews/${ID}`, '/instructor/interviews/:id');
    const question = await screen.findByRole('group', { name: 'Do you have a conflict of interest with Farah Aziz?' });
    expect(screen.getByText(/You are on the interview panel of/)).toBeInTheDocument();
    // Nothing of the interview is read before the answer.
    expect(calls.some((c) => c.path === `admissions/interviews/${ID}`)).toBe(false);
    await userEvent.click(within(question).getByRole('radio', { name: 'No, I have no conflict of interest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { name: 'Your scores' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: `admissions/interviews/${ID}/declaration`,
      body: { conflict: false, note: '' },
    });
  });

  it('a declared conflict needs what it is, then leaves for the interviews list', async () => {
    const { calls } = mockRoutes(
      {
        admissionsInterviewDeclaration: () => ({ data: { applicant_name: 'Farah Aziz', declared: false } }),
        admissionsInterviewDeclare: () => ({ data: { conflict: true, assigned: false } }),
      },
      { user: INSTRUCTOR },
    );
    const { router } = renderWithApi(<InterviewPage />, `/instructor/interviews/${ID}`, '/instructor/interviews/:id');
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes, I have a conflict of interest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByLabelText(/What is the conflict/)).toHaveAccessibleDescription(/Say briefly what the conflict is/);
    await userEvent.type(screen.getByLabelText(/What is the conflict/), 'My neighbour');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/instructor/interviews'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ conflict: true, note: 'My neighbour' });
  });

  it('an admin reads the interview at once, and on the panel declares before the score form', async () => {
    mockRoutes({ admissionsInterview: () => ({ data: detail(false) }) }, { user: ADMIN });
    renderWithApi(<InterviewPage />, `/admin/interviews/${ID}`, '/admin/interviews/:id');
    const scores = await screen.findByRole('region', { name: 'Your scores' });
    expect(within(scores).getByRole('group', { name: 'Do you have a conflict of interest with Farah Aziz?' })).toBeInTheDocument();
  });
});

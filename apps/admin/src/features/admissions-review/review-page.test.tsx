import { type AdmissionDetail, BLIND_FIELDS, type MyScoreResponse, SCORE_FINAL_MESSAGE } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { HIDDEN_TEXT } from './review-fields';
import { ReviewPage } from './review-page';

afterEach(() => vi.unstubAllGlobals());

const ID = 'app_aaaaaaaaaaaaaaaa';
const PATH = `/instructor/reviews/${ID}`;
const ROUTE = '/instructor/reviews/:id';
const application = {
  id_slug: ID,
  created_date: '2026-10-05T02:00:00.000Z',
  course: 'Packaging',
  email: 'aina@example.com',
  full_name: 'Aina Rahman',
  age: '24',
  dobYear: '2002',
  dobMonth: 'March',
  dobDate: '4',
  gender: 'Female',
  ethnicity: 'Malay',
  marital_status: 'Single',
  full_address: '1 Jalan Satu',
  state: 'PENANG',
  city: 'George Town',
  postcode: '10200',
  linkedin: '',
  phone: '0123456789',
  secondary_phone: null,
  highest_qualification: 'Degree',
  uni_name: 'USM',
  degree_name: 'Electrical Engineering',
  country_study: 'Malaysia',
  field_study: 'Engineering',
  qualification_type: 'Bachelor',
  academic_result: '3.6',
  grad_year: '2024',
  english_qualification: 'MUET',
  english_score: 'Band 4',
  prev_employment: 'Internship',
  employment_details: null,
  prev_leadership: 'Club president',
  leadership_details: null,
  is_citizen: 'true' as const,
  can_participate: 'true' as const,
  can_device: 'true' as const,
  can_relocate: 'false' as const,
  status: 'IN_REVIEW' as const,
  eligibility: null,
  resume: 'https://files.example/resume.pdf',
  transcript: null,
};
/** The application as the API answers a reviewer: blind fields absent until they have scored. */
const detail = (scored: boolean): { data: AdmissionDetail } => {
  const shown = { ...application } as Record<string, unknown>;
  if (!scored) for (const f of BLIND_FIELDS) delete shown[f];
  return {
    data: {
      application: shown as AdmissionDetail['application'],
      intake: 'youth-programme-2027',
      status_changed_at: '2026-10-06T02:00:00.000Z',
      anonymised_at: null,
      hidden_fields: scored ? [] : [...BLIND_FIELDS],
      screening: null,
      reviewers: null,
      score: null,
      offer: null,
      my_review: { assigned: true, scored_at: scored ? '2026-10-07T02:00:00.000Z' : null },
    },
  };
};
const rubric = [
  {
    id: 'motivation',
    title: 'Motivation',
    description: 'Why this programme',
    weight: 2,
    levels: ['None', 'Little', 'Some', 'Clear', 'Compelling'],
  },
  { id: 'skills', title: 'Technical skills', description: '', weight: 1, levels: ['S1', 'S2', 'S3', 'S4', 'S5'] },
];
/** The reviewer has declared no conflict of interest: the review opens. */
const declared = {
  admissionsReviewDeclaration: () => ({ data: { applicant_name: 'Aina Rahman', declared: true } }),
};
const myScore = (score: MyScoreResponse['data']['score'] = null): MyScoreResponse => ({ data: { rubric, score, can_score: true } });

describe('scoring page', () => {
  it('hides the blind fields while blind, sends one level per criterion with the comment, then shows the scores and the revealed fields', async () => {
    let scored = false;
    const { calls } = mockRoutes(
      {
        ...declared,
        admissionsDetail: () => detail(scored),
        admissionsMyScore: () => myScore(),
        admissionsSubmitScore: (c) => {
          scored = true;
          const body = c.body as { scores: Record<string, number>; comment: string };
          return myScore({ ...body, weighted: 3.67, submitted_at: '2026-10-07T02:00:00.000Z', reopened_at: null });
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<ReviewPage />, PATH, ROUTE);

    const personal = await screen.findByRole('region', { name: 'Personal details' });
    // Blind: titled by the short reference, not the name nor the 32-character id.
    expect(
      screen.getByRole('heading', { level: 1, name: `Application ${PATH.split('/').pop()!.slice(0, 8).toUpperCase()}` }),
    ).toBeInTheDocument();
    expect(within(personal).getByText(HIDDEN_TEXT)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Contact details' })).getByText(HIDDEN_TEXT)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documents' })).getByText(HIDDEN_TEXT)).toBeInTheDocument();
    for (const secret of ['Aina Rahman', 'aina@example.com', 'Female', 'Malay', '1 Jalan Satu', 'Penang'])
      expect(screen.queryByText(secret)).toBeNull();
    expect(screen.queryByRole('link', { name: /resume/i })).toBeNull();
    // What is not blind is there to judge.
    expect(screen.getByText('Electrical Engineering')).toBeInTheDocument();

    const motivation = screen.getByRole('group', { name: /Motivation/ });
    expect(within(motivation).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(motivation).getByRole('radio', { name: '4 Clear' }));
    await userEvent.click(within(screen.getByRole('group', { name: /Technical skills/ })).getByRole('radio', { name: '2 S2' }));
    await userEvent.type(screen.getByLabelText(/Comment/), 'Strong motivation');
    await userEvent.click(screen.getByRole('button', { name: 'Submit scores' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ scores: { motivation: 4, skills: 2 }, comment: 'Strong motivation' });
    // The application is read again after scoring: the fields are revealed.
    // The page is titled by the applicant's name once it is revealed.
    expect(await screen.findByRole('heading', { level: 1, name: 'Aina Rahman' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Personal details' })).getByText('Aina Rahman')).toBeInTheDocument();
    expect(screen.queryByText(HIDDEN_TEXT)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open resume' })).toHaveAttribute('href', 'https://files.example/resume.pdf');
    const scores = screen.getByRole('region', { name: 'Your scores' });
    expect(within(scores).getByText('– Clear')).toBeInTheDocument();
    expect(within(scores).getByText('Strong motivation')).toBeInTheDocument();
    expect(within(scores).queryByRole('radio')).toBeNull();
  });

  it('shows a submitted score read-only and final, with no way to change it until an admin reopens it', async () => {
    const submitted = { scores: { motivation: 1, skills: 1 }, comment: 'Weak', weighted: 1, submitted_at: '2026-10-07T02:00:00.000Z' };
    let reopenedAt: string | null = null;
    const { calls } = mockRoutes(
      {
        ...declared,
        admissionsDetail: () => detail(true),
        admissionsMyScore: () => myScore({ ...submitted, reopened_at: reopenedAt }),
        admissionsSubmitScore: (c) => {
          const body = c.body as { scores: Record<string, number>; comment: string };
          reopenedAt = null;
          return myScore({ ...body, weighted: 5, submitted_at: '2026-10-08T02:00:00.000Z', reopened_at: null });
        },
      },
      { user: ADMIN },
    );
    const { unmount } = renderWithApi(<ReviewPage />, PATH, ROUTE);
    const scores = await screen.findByRole('region', { name: 'Your scores' });
    expect(within(scores).getByRole('note')).toHaveTextContent(SCORE_FINAL_MESSAGE);
    expect(within(scores).queryByRole('radio')).toBeNull();
    expect(within(scores).queryByRole('button')).toBeNull();
    unmount();

    reopenedAt = '2026-10-09T02:00:00.000Z';
    renderWithApi(<ReviewPage />, PATH, ROUTE);
    const reopened = await screen.findByRole('region', { name: 'Your scores' });
    expect(within(reopened).getByRole('note')).toHaveTextContent('An admin reopened your scores');
    await userEvent.click(within(reopened).getByRole('button', { name: 'Score again' }));
    for (const name of [/Motivation/, /Technical skills/])
      await userEvent.click(within(screen.getByRole('group', { name })).getByRole('radio', { name: /^5 / }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit scores' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await within(screen.getByRole('region', { name: 'Your scores' })).findByRole('note')).toHaveTextContent(SCORE_FINAL_MESSAGE);
  });

  it('asks for a level on every criterion before sending', async () => {
    const { calls } = mockRoutes(
      {
        ...declared,
        admissionsDetail: () => detail(false),
        admissionsMyScore: () => myScore(),
      },
      { user: ADMIN },
    );
    renderWithApi(<ReviewPage />, PATH, ROUTE);
    const motivation = await screen.findByRole('group', { name: /Motivation/ });
    await userEvent.click(within(motivation).getByRole('radio', { name: '3 Some' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit scores' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Score every criterion');
    expect(screen.getByRole('group', { name: /Technical skills/ })).toHaveAccessibleDescription('Choose a level from 1 to 5');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("says so when the application is not assigned to the reader, and shows the API's 409 on submit", async () => {
    mockRoutes(
      {
        ...declared,
        admissionsDetail: () => reply(403, { message: 'This application is not assigned to you.' }),
        admissionsMyScore: () => reply(403, { message: 'This application is not assigned to you.' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<ReviewPage />, PATH, ROUTE);
    expect(await screen.findByRole('alert')).toHaveTextContent('This application is not assigned to you.');
    vi.unstubAllGlobals();

    mockRoutes(
      {
        ...declared,
        admissionsDetail: () => detail(false),
        admissionsMyScore: () => myScore(),
        admissionsSubmitScore: () => reply(409, { message: 'Scoring is closed for this application.' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<ReviewPage />, `/admin/reviews/${ID}`, '/admin/reviews/:id');
    for (const name of [/Motivation/, /Technical skills/])
      await userEvent.click(within(await screen.findByRole('group', { name })).getByRole('radio', { name: /^1 / }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit scores' }));
    expect(await screen.findByText('Scoring is closed for this application.', { selector: '[role=alert]' })).toBeInTheDocument();
  });
});

describe('conflict of interest', () => {
  it('asks before the application opens, naming the applicant there only; no conflict opens the review', async () => {
    let done = false;
    const { calls } = mockRoutes(
      {
        admissionsReviewDeclaration: () => ({ data: { applicant_name: 'Aina Rahman', declared: done } }),
        admissionsDeclareConflict: () => {
          done = true;
          return { data: { conflict: false, assigned: true } };
        },
        admissionsDetail: () => detail(false),
        admissionsMyScore: () => myScore(),
      },
      { user: ADMIN },
    );
    renderWithApi(<ReviewPage />, PATH, ROUTE);
    const question = await screen.findByRole('group', { name: 'Do you have a conflict of interest with Aina Rahman?' });
    // Nothing of the application is read before the answer.
    expect(calls.some((c) => c.path === `admissions/applications/${ID}` || c.path.endsWith('/score'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say whether you have a conflict of interest');
    await userEvent.click(within(question).getByRole('radio', { name: 'No, I have no conflict of interest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('region', { name: 'Personal details' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ conflict: false, note: '' });
  });

  it('a declared conflict needs what it is, then leaves for the queue', async () => {
    const { calls } = mockRoutes(
      {
        admissionsReviewDeclaration: () => ({ data: { applicant_name: 'Aina Rahman', declared: false } }),
        admissionsDeclareConflict: () => ({ data: { conflict: true, assigned: false } }),
      },
      { user: ADMIN },
    );
    const { router } = renderWithApi(<ReviewPage />, PATH, ROUTE);
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes, I have a conflict of interest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByLabelText(/What is the conflict/)).toHaveAccessibleDescription(/Say briefly what the conflict is/);
    await userEvent.type(screen.getByLabelText(/What is the conflict/), 'She is my niece');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    // The notice goes with the console's notices (this harness keeps them on the page it left; the browser test reads it).
    await waitFor(() => expect(router.state.location.pathname).toBe('/instructor/reviews'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ conflict: true, note: 'She is my niece' });
  });
});

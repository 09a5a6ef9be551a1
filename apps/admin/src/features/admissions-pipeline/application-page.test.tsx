import {
  type AdmissionDetail,
  NOT_ELIGIBLE_REASON_MESSAGE,
  REOPEN_REASON_MESSAGE,
  REOPEN_SCREENING_REASON_MESSAGE,
  type TimelineResponse,
} from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, type RouteHandlers } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { tableCells } from '../../test/table-cells';
import { ApplicationPage } from './application-page';
import { submittedDetail } from './pipeline.fixtures';

const ROUTE = '/admin/applications/:id';
const PATH = '/admin/applications/a1';

const admin = { id_slug: 'u9', first_name: 'Nadia', last_name: 'Hassan' };
const timeline: TimelineResponse = {
  data: [
    { from_status: null, to_status: 'SUBMITTED', actor: null, reason: 'Application submitted', at: '2026-10-01T02:00:00.000Z' },
    { from_status: 'SUBMITTED', to_status: 'SCREENED', actor: admin, reason: 'Eligible', at: '2026-10-02T03:00:00.000Z' },
    { from_status: 'SCREENED', to_status: 'IN_REVIEW', actor: admin, reason: 'Reviewers assigned', at: '2026-10-03T04:00:00.000Z' },
  ],
};
const views = {
  data: [
    { viewer: { ...admin, role: 'ADMIN' }, call: 'admissionsDetail', at: '2026-10-04T05:00:00.000Z' },
    { viewer: null, call: 'applicantStatus', at: '2026-10-03T05:00:00.000Z' },
  ],
};

function api(detail: AdmissionDetail, overrides: RouteHandlers = {}) {
  return mockRoutes(
    {
      admissionsDetail: () => ({ data: detail }),
      admissionsTimeline: () => timeline,
      admissionsViews: () => views,
      admissionsScores: () => ({ data: { reviews: [], history: [] } }),
      ...overrides,
    },
    { user: ADMIN },
  );
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('application page', () => {
  it('shows the application, its screening flags, the timeline and the audit log of views', async () => {
    api(submittedDetail);
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Full Name');
    const fact = (section: string, term: string) =>
      within(region(section)).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    // Each flag with the answer that decided it.
    expect(fact('Screening', 'Aged 30 or below')).toBe('MetBorn 14 March 2001: 25 on 1 March 2027');
    expect(fact('Screening', 'Unemployed')).toBe('To confirmPrevious employment: Full-time: whether it goes on is not asked');
    // A possible duplicate links to the other application.
    const duplicates = within(region('Screening')).getByRole('region', { name: 'Possible duplicates' });
    expect(within(duplicates).getByRole('link', { name: 'Aina R.' })).toHaveAttribute('href', '/admin/applications/dup1');
    expect(duplicates).toHaveTextContent('(aina.r@apply.test): same phone, this intake');
    // One in another intake names it.
    expect(duplicates).toHaveTextContent(
      '(aina@old.test): same name and date of birth, applied to Semiconductor Youth Development Programme 2025',
    );
    expect(fact('Screening', 'Confirmation')).toBe('To confirm');
    expect(fact('Application', 'Ethnicity')).toBe('Malay');
    expect(within(region('Application')).getByRole('link', { name: 'Download resume' })).toHaveAttribute('href', '/api/files/resume-a1');

    const steps = await within(region('Timeline')).findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^SubmittedApplicant or system · .*Application submitted$/),
      expect.stringMatching(/^Submitted → ScreenedNadia Hassan · 2 October 2026.*Eligible$/),
      expect.stringMatching(/^Screened → In reviewNadia Hassan · 3 October 2026.*Reviewers assigned$/),
    ]);
    const log = await within(region('Audit log')).findByRole('table');
    const rows = tableCells(log);
    expect(rows).toEqual([
      ['Nadia HassanAdmin', 'Application page', expect.stringContaining('4 October 2026')],
      ['Applicant (private link)', 'Status page (private link)', expect.stringContaining('3 October 2026')],
    ]);
    // A submitted application may only be screened or withdrawn.
    const actions = within(region('Status')).getByRole('group', { name: 'Actions on this application' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw']);
  });

  it('asks the reason before confirming a screening as not eligible, then sends it', async () => {
    const { calls } = api(submittedDetail, {
      admissionsConfirmScreening: () => ({ data: { id_slug: 'a1', status: 'SCREENED' } }),
    });
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    const form = await screen.findByRole('form', { name: 'Confirm the screening' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Not eligible' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm screening' }));
    expect(within(form).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      expect.stringContaining(NOT_ELIGIBLE_REASON_MESSAGE),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Not a Malaysian citizen');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm screening' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ eligible: false, reason: 'Not a Malaysian citizen' }]),
    );
    await screen.findByText('Screening confirmed: the application is now Screened.');
  });

  it("reopens a 'Not eligible' decision, even after its rejection, with the reason", async () => {
    const rejected: AdmissionDetail = {
      ...submittedDetail,
      application: { ...submittedDetail.application, status: 'REJECTED' },
      screening: { ...submittedDetail.screening!, eligible: false, reason: 'Not a Malaysian citizen' },
    };
    const { calls } = api(rejected, {
      admissionsReopenScreening: () => ({ data: { id_slug: 'a1', status: 'SUBMITTED' } }),
    });
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    const section = await screen.findByRole('region', { name: 'Screening' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Reopen screening' }));
    const form = within(section).getByRole('form', { name: 'Reopen the screening' });
    await userEvent.click(within(form).getByRole('button', { name: 'Reopen screening' }));
    expect(within(form).getByRole('textbox', { name: /Reason for reopening/ })).toHaveAccessibleDescription(
      expect.stringContaining(REOPEN_SCREENING_REASON_MESSAGE),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason for reopening/ }), 'Proof of citizenship received');
    await userEvent.click(within(form).getByRole('button', { name: 'Reopen screening' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Proof of citizenship received' }]),
    );
    await screen.findByText('Screening reopened: the application is Submitted again, to be screened anew.');
  });

  it('offers no reopening before a screening is confirmed', async () => {
    api(submittedDetail);
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    await screen.findByRole('form', { name: 'Confirm the screening' });
    expect(screen.queryByRole('button', { name: 'Reopen screening' })).toBeNull();
  });

  it('lists the reviewers with their weighted scores, the score summary and the offer; removes a reviewer', async () => {
    const reviewed: AdmissionDetail = {
      ...submittedDetail,
      application: { ...submittedDetail.application, status: 'OFFERED' },
      screening: { ...submittedDetail.screening!, eligible: true, confirmed_at: '2026-10-02T03:00:00.000Z' },
      reviewers: [
        { id_slug: 'r1', first_name: 'Chen', last_name: 'Lim', scored_at: '2026-10-06T02:00:00.000Z' },
        { id_slug: 'r2', first_name: 'Devi', last_name: 'Raj', scored_at: null },
      ],
      score: { mean: 4.33, reviews: 1, assigned: 2, min: 4.33, max: 4.33, disagreement: false },
      offer: {
        cohort_id_slug: 'k1',
        cohort_title: 'Youth Cohort 2027',
        start_date: '2027-01-10',
        end_date: '2027-06-30',
        accept_by: '2026-11-01T09:00:00.000Z',
        offered_at: '2026-10-10T09:00:00.000Z',
      },
    };
    const { calls } = api(reviewed, {
      admissionsScores: () => ({
        data: {
          reviews: [
            {
              reviewer: { id_slug: 'r1', first_name: 'Chen', last_name: 'Lim' },
              scores: { motivation: 4 },
              weighted: 4.333,
              comment: '',
              submitted_at: '2026-10-06T02:00:00.000Z',
              reopened_at: null,
            },
          ],
          history: [],
        },
      }),
      admissionsUnassignReviewer: () => ({ data: { assigned: -1, applications: 1 } }),
    });
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    const reviewers = await screen.findByRole('region', { name: 'Reviewers and scores' });
    await within(reviewers).findByText(/weighted score 4.33/);
    expect(within(reviewers).getByText('Not scored yet')).toBeInTheDocument();
    expect(within(reviewers).getByText('Scored', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1 of 2');
    expect(region('Offer')).toHaveTextContent('Youth Cohort 2027');
    // The ranking shows every applicant of the intake (and is audited so): the page reads this application's scores alone.
    expect(calls.some((c) => c.path.endsWith('/ranking'))).toBe(false);
    // An offered application is past scoring: no score can be reopened.
    expect(within(reviewers).queryByRole('button', { name: /Reopen/ })).toBeNull();

    await userEvent.click(within(reviewers).getByRole('button', { name: 'Remove Devi Raj' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove reviewer' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ reviewer_id: 'r2' }]));
  });

  it("reopens a reviewer's final score with the reason, and shows reopenings and changes with old and new scores", async () => {
    const inReview: AdmissionDetail = {
      ...submittedDetail,
      application: { ...submittedDetail.application, status: 'IN_REVIEW' },
      reviewers: [{ id_slug: 'r1', first_name: 'Chen', last_name: 'Lim', scored_at: '2026-10-06T02:00:00.000Z' }],
      score: { mean: 1, reviews: 1, assigned: 1, min: 1, max: 1, disagreement: false },
    };
    const chen = { id_slug: 'r1', first_name: 'Chen', last_name: 'Lim' };
    const review = { reviewer: chen, scores: { motivation: 1 }, weighted: 1, comment: '', submitted_at: '2026-10-06T02:00:00.000Z' };
    let reopened = false;
    const history = () =>
      reopened
        ? [
            {
              kind: 'REOPENED' as const,
              reviewer: chen,
              actor: admin,
              reason: 'Wrong rubric',
              old_weighted: 1,
              new_weighted: null,
              at: '2026-10-07T02:00:00.000Z',
            },
            {
              kind: 'CHANGED' as const,
              reviewer: chen,
              actor: chen,
              reason: '',
              old_weighted: 1,
              new_weighted: 4,
              at: '2026-10-08T02:00:00.000Z',
            },
          ]
        : [];
    const scores = () => ({
      data: { reviews: [{ ...review, reopened_at: reopened ? '2026-10-07T02:00:00.000Z' : null }], history: history() },
    });
    const { calls } = api(inReview, {
      admissionsScores: scores,
      admissionsReopenScore: () => {
        reopened = true;
        return scores();
      },
    });
    renderWithApi(<ApplicationPage />, PATH, ROUTE);
    const reviewers = await screen.findByRole('region', { name: 'Reviewers and scores' });
    await userEvent.click(await within(reviewers).findByRole('button', { name: 'Reopen score of Chen Lim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reopen score' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAccessibleDescription(
      expect.stringContaining(REOPEN_REASON_MESSAGE),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong rubric');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reviewer_id: 'r1', reason: 'Wrong rubric' }]),
    );
    await screen.findByText('The score of Chen Lim is reopened: they may score this application again.');
    const changes = await within(reviewers).findByRole('list', { name: 'Reopened and changed scores' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Score of Chen Lim reopened \(was 1\.00\)Nadia Hassan · 7 October 2026.*Wrong rubric$/),
      expect.stringMatching(/^Chen Lim changed their score from 1\.00 to 4\.00Chen Lim · 8 October 2026/),
    ]);
    expect(within(reviewers).getByText(/reopened on 7 October 2026/)).toBeInTheDocument();
    expect(within(reviewers).queryByRole('button', { name: /Reopen/ })).toBeNull();
  });
});

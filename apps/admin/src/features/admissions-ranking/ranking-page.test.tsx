import type { RankingItem, RankingResponse } from '@school/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { RankingPage } from './ranking-page';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/admin/applications/ranking';
const item = (rank: number, id: string, name: string, min: number, max: number, disagreement: boolean): RankingItem => ({
  rank,
  id_slug: id,
  full_name: name,
  course: 'Packaging',
  status: 'IN_REVIEW',
  score: { mean: (min + max) / 2, reviews: 2, assigned: 3, min, max, disagreement },
  reviews: [
    { reviewer: { id_slug: 'r1', first_name: 'Lee', last_name: 'Wong' }, weighted: min, comment: 'Thin experience' },
    { reviewer: { id_slug: 'r2', first_name: 'Ana', last_name: 'Raj' }, weighted: max, comment: '' },
  ],
});
const ranking: RankingResponse = {
  data: [item(1, 'app_aaaaaaaaaaaaaaaa', 'Aina Rahman', 3.5, 4.5, false), item(2, 'app_bbbbbbbbbbbbbbbb', 'Badrul Hisham', 2, 4.8, true)],
  disagreement_threshold: 1,
};
const cohorts = {
  data: [
    {
      id_slug: 'coh_1111111111111111',
      title: 'March 2027 cohort',
      start_date: '2027-03-01',
      end_date: '2027-06-30',
      track: 'Packaging',
      seats: 30,
      free: 12,
    },
  ],
};

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('ranking', () => {
  it('ranks the scored applications with the disagreement flag and its threshold explained', async () => {
    const { calls } = mockRoutes({ admissionsRanking: () => ranking }, { user: ADMIN });
    renderWithApi(<RankingPage />, `${PATH}?intake=youth-programme-2025&status=IN_REVIEW`, PATH);
    await screen.findByRole('link', { name: 'Badrul Hisham' });
    expect(calls.find((c) => c.path.endsWith('/ranking'))!.query.get('status')).toBe('IN_REVIEW');
    expect(screen.getByRole('link', { name: 'Aina Rahman' })).toHaveAttribute('href', '/admin/applications/app_aaaaaaaaaaaaaaaa');
    const flagged = rowOf('Badrul Hisham');
    expect(within(flagged).getByText('Disagreement')).toBeInTheDocument();
    expect(within(flagged).getByText('2 of 3')).toBeInTheDocument();
    expect(within(flagged).getByText('2.00 – 4.80')).toBeInTheDocument();
    expect(within(rowOf('Aina Rahman')).queryByText('Disagreement')).toBeNull();
    expect(screen.getByText(/differ by more than 1 point/)).toBeInTheDocument();
  });

  it('names each application by its short reference, never its 32-character id', async () => {
    const long = 'b4aca7913c0e4f7a9d1e2b3c4d5e6f70';
    mockRoutes(
      {
        admissionsRanking: () => ({
          ...ranking,
          data: [item(1, long, 'Aina Rahman', 3.5, 4.5, false)],
        }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RankingPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    await screen.findByRole('link', { name: 'Aina Rahman' });
    expect(within(rowOf('Aina Rahman')).getByText('Ref. B4ACA791 · Packaging')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(long))).toBeNull();
  });

  it('offers a place to the selected applications with the cohort, the accept-by date and the reason', async () => {
    const { calls } = mockRoutes(
      {
        admissionsRanking: () => ranking,
        admissionsOfferCohorts: () => cohorts,
        admissionsDecide: (c) => {
          const ids = (c.body as { application_ids: string[] }).application_ids;
          return {
            data: {
              decided: ids.length,
              applications: ids.map((id_slug) => ({ id_slug, from_status: 'IN_REVIEW', to_status: 'OFFERED' })),
            },
          };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<RankingPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    await screen.findByRole('link', { name: 'Aina Rahman' });
    expect(screen.getByRole('button', { name: 'Offer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Offer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Offer a place' });
    expect(dialog).toHaveTextContent('2 applications.');
    // Both are Packaging applicants: the dialog lists that track's cohorts, each with its free seats.
    await within(dialog).findByRole('option', { name: /March 2027 cohort .*, 12 of 30 seats free/ });
    const asked = calls.filter((c) => c.path === 'admissions/admin/cohorts').at(-1)!;
    expect(asked.query.get('course')).toBe('Packaging');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Cohort/ }), 'coh_1111111111111111');
    fireEvent.change(within(dialog).getByLabelText(/Accept by/), { target: { value: '2027-02-15T18:00' } });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Top of the ranking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      application_ids: ['app_aaaaaaaaaaaaaaaa', 'app_bbbbbbbbbbbbbbbb'],
      decision: 'OFFER',
      reason: 'Top of the ranking',
      cohort_id: 'coh_1111111111111111',
      accept_by: '2027-02-15T10:00:00.000Z',
    });
    expect(await screen.findByText('2 applications moved to Offered.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it("shows the API's refusals: a field error under the reason and a 409 as the dialog's alert", async () => {
    let answer = reply(400, { message: 'Give the reason for the decision', errors: { reason: 'Give the reason for the decision' } });
    const { calls } = mockRoutes(
      {
        admissionsRanking: () => ranking,
        admissionsDecide: () => answer,
      },
      { user: ADMIN },
    );
    renderWithApi(<RankingPage />, `${PATH}?intake=youth-programme-2025`, PATH);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Badrul Hisham' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject applications' });
    // A reason the form accepts, so that the field error can only be the API's.
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Not eligible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Reason/)).toHaveAccessibleDescription(/Give the reason for the decision/));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    answer = reply(409, { message: 'An application that is Offered cannot become Rejected.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An application that is Offered cannot become Rejected.');
  });
});

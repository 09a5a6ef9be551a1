import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { CohortSeats } from './cohort-seats';

const INTAKE = 'youth-programme-2027';
const PATH = '/admin/applications/ranking';
const seatsRow = { cohort_id_slug: 'k1', cohort_title: 'March 2027 cohort', track: 'Packaging', seats: 2, held: 2, free: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('seats per cohort', () => {
  it("lists each cohort's track, seats, held and free, and saves a cohort's seats for the intake", async () => {
    const { calls } = mockRoutes(
      {
        admissionsCohortSeats: () => ({ data: [seatsRow] }),
        admissionsOfferCohorts: () => ({
          data: [
            {
              id_slug: 'k1',
              title: 'March 2027 cohort',
              start_date: '2027-03-01',
              end_date: '2027-06-30',
              track: null,
              seats: null,
              free: null,
            },
          ],
        }),
        admissionsSetCohortSeats: () => ({ data: [{ ...seatsRow, seats: 5, free: 3 }] }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortSeats intake={INTAKE} />, PATH, PATH);
    const row = (await screen.findByRole('cell', { name: 'March 2027 cohort' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['March 2027 cohort', 'Packaging', '2', '2', '0']);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Cohort' }), 'k1');
    // A cohort with seats comes with its track and seats to change.
    expect(screen.getByRole('combobox', { name: 'Track' })).toHaveValue('Packaging');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Seats' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Seats' }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save seats' }));
    await screen.findByText('Seats saved: 5 for Packaging.');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ track: 'Packaging', seats: 5 }));
  });

  it('shows why the API refused the seats beside the field', async () => {
    const refusal = 'Offers hold 2 seats of this cohort: seats cannot go below that';
    mockRoutes(
      {
        admissionsCohortSeats: () => ({ data: [seatsRow] }),
        admissionsOfferCohorts: () => ({
          data: [
            {
              id_slug: 'k1',
              title: 'March 2027 cohort',
              start_date: '2027-03-01',
              end_date: '2027-06-30',
              track: null,
              seats: null,
              free: null,
            },
          ],
        }),
        admissionsSetCohortSeats: () => reply(409, { message: refusal, errors: { seats: refusal } }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortSeats intake={INTAKE} />, PATH, PATH);
    await screen.findByRole('cell', { name: 'March 2027 cohort' });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Cohort' }), 'k1');
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Seats' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Seats' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save seats' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});

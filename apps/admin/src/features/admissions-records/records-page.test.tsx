import type { ErasureRequest } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { RecordsPage } from './records-page';

const INTAKE = 'youth-programme-2027';
const PATH = '/admin/applications/records';
const URL = `${PATH}?intake=${INTAKE}`;
const pending: ErasureRequest = {
  id_slug: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  intake: INTAKE,
  course: 'Digital Design',
  full_name: 'Farah Hassan',
  email: 'farah@apply.test',
  application_status: 'IN_REVIEW',
  status: 'PENDING',
  requested_at: '2026-11-20T02:00:00.000Z',
  decided_at: null,
  decided_by: null,
  reason: '',
  anonymised_at: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('records and erasure', () => {
  it("shows the intake's retention (the default until set) and saves a new one", async () => {
    const { calls } = mockRoutes(
      {
        admissionsRetention: () => ({ data: { intake: INTAKE, months: 24, set: false, updated_at: null } }),
        admissionsSetRetention: () => ({
          data: { intake: INTAKE, months: 36, set: true, updated_at: '2026-11-28T02:00:00.000Z' },
        }),
        admissionsErasureRequests: () => ({ data: [], count: 0, num_pages: 0 }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RecordsPage />, URL, PATH);
    expect(await screen.findByText(/24 months after it ended \(the default\)/)).toBeTruthy();
    expect(await screen.findByText('No applicant has asked for their data to be erased.')).toBeTruthy();
    const months = screen.getByRole('spinbutton', { name: 'Retention (months)' });
    await userEvent.clear(months);
    await userEvent.type(months, '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Retention saved: unsuccessful applications are anonymised 36 months after they end.');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ months: 36 }));
    expect(await screen.findByText(/36 months after it ended:/)).toBeTruthy();
  });

  it('erases only once the admin confirms, and refuses with the reason given', async () => {
    const { calls } = mockRoutes(
      {
        admissionsRetention: () => ({ data: { intake: INTAKE, months: 24, set: false, updated_at: null } }),
        admissionsErasureRequests: () => ({ data: [pending], count: 1, num_pages: 1 }),
        admissionsConfirmErasure: () => ({
          data: { ...pending, status: 'CONFIRMED', application_status: 'WITHDRAWN', anonymised_at: '2026-11-28T02:00:00.000Z' },
        }),
        admissionsRefuseErasure: () => ({
          data: { ...pending, status: 'REFUSED', reason: 'Open complaint' },
        }),
      },
      { user: ADMIN },
    );
    renderWithApi(<RecordsPage />, URL, PATH);
    const row = (await screen.findByRole('link', { name: 'Farah Hassan' })).closest('tr')!;
    expect(row.textContent).toContain('Waiting for a decision');
    await userEvent.click(within(row).getByRole('button', { name: 'Erase data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase this applicant’s data?' });
    expect(dialog.textContent).toContain('and the application is withdrawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Refuse' }));
    const refuse = await screen.findByRole('dialog', { name: 'Refuse the erasure request' });
    await userEvent.type(within(refuse).getByRole('textbox', { name: 'Reason' }), 'Open complaint');
    await userEvent.click(within(refuse).getByRole('button', { name: 'Refuse the request' }));
    await screen.findByText('The request is refused, and the applicant is told why by email.');
    expect(calls.find((c) => c.path.endsWith('/erasure/refuse'))!.body).toEqual({ reason: 'Open complaint' });

    await userEvent.click(within(row).getByRole('button', { name: 'Erase data' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Erase this applicant’s data?' })).getByRole('button', { name: 'Erase' }),
    );
    await screen.findByText('The application’s personal data is erased, and the applicant is told by email.');
    expect(calls.filter((c) => c.path.endsWith('/erasure/confirm'))).toHaveLength(1);
  });
  it('pages the erasure requests, asking the API for the page chosen', async () => {
    mockRoutes(
      {
        admissionsRetention: () => ({ data: { intake: INTAKE, months: 24, set: false, updated_at: null } }),
        admissionsErasureRequests: (c) => {
          const page = Number(c.query.get('page') ?? '1');
          const name = page === 1 ? 'Farah Hassan' : 'Lim Wei';
          return { data: [{ ...pending, id_slug: `app-${page}`, full_name: name }], count: 21, num_pages: 2 };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<RecordsPage />, URL, PATH);
    expect(await screen.findByRole('link', { name: 'Farah Hassan' })).toBeTruthy();
    expect(screen.getByText('21 requests')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Erasure request pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Lim Wei' })).toBeTruthy();
  });
});

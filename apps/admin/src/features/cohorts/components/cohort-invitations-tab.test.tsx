import type { Invitation } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortInvitationsTab } from './cohort-invitations-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = aCohort();

const invitation = (email: string, status: Invitation['status'], failed_at: string | null = null): Invitation => ({
  email,
  first_name: 'Ina',
  last_name: 'Vited',
  status,
  sent_at: null,
  opened_at: null,
  accepted_at: null,
  failed_at,
  expires_at: '2026-01-01T09:00:00.000Z',
});

describe('CohortInvitationsTab', () => {
  it("lists each queued person's invitation state with Resend and Withdraw", async () => {
    const results = [invitation('bounce@x.io', 'failed', new Date().toISOString()), invitation('ok@x.io', 'accepted')];
    mockRoutes({ adminCohortInvitations: () => ({ results, count: 2 }) }, { user: ADMIN });
    renderWithApi(<CohortInvitationsTab cohort={cohort} />);
    expect(await screen.findByRole('heading', { name: 'Invitations (2)' })).toBeInTheDocument();
    const failed = screen.getByRole('row', { name: /bounce@x\.io/ });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Resend the invitation to bounce@x.io' })).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Withdraw bounce@x.io' })).toBeInTheDocument();
    const accepted = screen.getByRole('row', { name: /ok@x\.io/ });
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend all' })).toBeInTheDocument();
  });

  it('withdraws a queued person after the confirmation and names them in the notice', async () => {
    // Once withdrawn the person leaves the list, and their row with it: the notice must still come.
    let withdrawn = false;
    const api = mockRoutes(
      {
        adminCohortInvitations: () => (withdrawn ? { results: [], count: 0 } : { results: [invitation('late@x.io', 'sent')], count: 1 }),
        adminWithdrawQueued: () => ((withdrawn = true), { email: 'late@x.io' }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortInvitationsTab cohort={cohort} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw late@x.io' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw this person?' })).getByRole('button', { name: 'Withdraw' }),
    );
    expect(await screen.findByText('Withdrawn from the queue: late@x.io.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw late@x.io' })).toBeNull();
    expect(api.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: 'cohorts/admin/h1/queue', body: { email: 'late@x.io' } });
  });

  it('says so when nobody is queued, with the way to add people', async () => {
    mockRoutes({ adminCohortInvitations: () => ({ results: [], count: 0 }) }, { user: ADMIN });
    renderWithApi(<CohortInvitationsTab cohort={cohort} />);
    expect(await screen.findByRole('heading', { name: 'Invitations (0)' })).toBeInTheDocument();
    expect(screen.getByText(/Nobody is waiting for an account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add students' })).toHaveAttribute(
      'href',
      expect.stringContaining('/admin/cohorts/h1/add-student'),
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resend all' })).toBeNull();
  });
});

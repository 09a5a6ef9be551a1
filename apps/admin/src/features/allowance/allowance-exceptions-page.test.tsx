import { ALLOWANCE_MESSAGES, type AllowanceOverride } from '@school/contracts';
import { mockRoutes, reply } from '@school/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { AllowanceExceptionsPage } from './allowance-exceptions-page';

const mine: AllowanceOverride = {
  id_slug: 'x1',
  cohort: { id_slug: 'k1', title: 'Etching Autumn' },
  trainee: { id_slug: 'u1', first_name: 'Cai', last_name: 'Lim' },
  month: '2026-10',
  kind: 'EXCUSE_ABSENCES',
  reason: 'Medical leave',
  attachment: { id_slug: 'f1', name: 'certificate.pdf' },
  dispute: null,
  state: 'PENDING',
  proposed_by: 'Nadia Hassan',
  proposed_at: '2026-11-02T02:00:00Z',
  mine: true,
  decided_by: null,
  decided_at: null,
  decision_note: '',
};

describe('AllowanceExceptionsPage', () => {
  it("says an admin's own proposal needs a second admin, and shows the API's refusal", async () => {
    const { calls } = mockRoutes(
      {
        adminAllowanceOverrides: () => ({ data: [mine] }),
        adminAllowanceDisputes: () => ({ data: [] }),
        adminDecideOverride: () => reply(403, { message: ALLOWANCE_MESSAGES.sameApprover }),
      },
      { user: ADMIN },
    );
    renderWithApi(<AllowanceExceptionsPage />);
    const card = (await screen.findByRole('heading', { name: "Cai Lim: Excuse the month's absences" })).closest('li')!;
    expect(card).toHaveTextContent('certificate.pdf');
    expect(within(card).getByText('You proposed this exception: a second admin must decide it.')).toBeVisible();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(ALLOWANCE_MESSAGES.sameApprover);
    expect(calls.find((c) => c.name === 'adminDecideOverride')?.body).toEqual({ approve: true, note: '' });
  });

  it('answers a dispute with an exception linked to it, keeping the decision among the kinds', async () => {
    const { calls } = mockRoutes(
      {
        adminAllowanceOverrides: () => ({ data: [] }),
        adminAllowanceDisputes: () => ({
          data: [
            {
              id_slug: 'd1',
              entry_id_slug: 'e1',
              cohort: { id_slug: 'k1', title: 'Etching Autumn' },
              trainee: { id_slug: 'u2', first_name: 'Ben', last_name: 'Lim' },
              month: '2026-10',
              outcome: 'PRORATED',
              reason: 'I was at the fab visit',
              state: 'OPEN',
              created_at: '2026-11-03T02:00:00Z',
              proposal: null,
            },
          ],
        }),
        adminProposeOverride: () => ({ data: { ...mine, id_slug: 'x2', kind: 'UPHOLD', mine: true } }),
      },
      { user: ADMIN },
    );
    renderWithApi(<AllowanceExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Answer the dispute of Ben Lim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer the dispute: Ben Lim, October 2026' });
    const kind = within(dialog).getByLabelText('Kind');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Keep the decision', "Excuse the month's absences", 'Pay in full']);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'The visit was not a session' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'adminProposeOverride')).toBe(true));
    expect(calls.find((c) => c.name === 'adminProposeOverride')).toMatchObject({
      params: { cohortId: 'k1' },
      body: {
        user_id_slug: 'u2',
        month: '2026-10',
        kind: 'UPHOLD',
        reason: 'The visit was not a session',
        dispute_id_slug: 'd1',
        attachment_id_slug: null,
      },
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortDetailsTab } from './cohort-details-tab';

afterEach(() => vi.unstubAllGlobals());

describe('CohortDetailsTab', () => {
  it("shows the API's refusal of a result date before an item's deadline under the Results open date field", async () => {
    const message = 'The result date cannot be before the deadline of "Lithography quiz"';
    const api = mockRoutes({ adminCohortUpdate: () => reply(400, { message, errors: { result_open_date: message } }) }, { user: ADMIN });
    renderWithApi(<CohortDetailsTab cohort={aCohort()} />);
    await userEvent.type(screen.getByLabelText(/Results open date/), '2025-10-01T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/Results open date/)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText(/^End date/)).not.toHaveAccessibleDescription(expect.stringContaining(message));
    const put = api.calls.find((c) => c.method === 'PUT' || c.method === 'PATCH')!;
    expect((put.body as { result_open_date: string }).result_open_date).toBe(new Date('2025-10-01T09:00').toISOString());
  });

  it('says which grade items the Results open date applies to: those without their own, and those still at their defaults', async () => {
    mockRoutes({}, { user: ADMIN });
    renderWithApi(<CohortDetailsTab cohort={aCohort()} />);
    expect(await screen.findByLabelText(/Results open date/)).toHaveAccessibleDescription(
      expect.stringMatching(/without a result date of their own, and for those made when a course was linked and not changed since/),
    );
  });
});

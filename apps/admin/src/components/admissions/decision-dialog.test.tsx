import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { DecisionDialog } from './decision-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('the decision dialog', () => {
  it('says what each applicant is sent, and when the cohorts to offer could not be loaded', async () => {
    mockRoutes({ admissionsOfferCohorts: () => reply(500, { message: 'Internal server error' }) }, { user: ADMIN });
    renderWithApi(<DecisionDialog decision="OFFER" applicationIds={['a1']} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Offer a place' });
    expect(dialog).toHaveTextContent(
      '1 application. Each applicant is emailed the offer with the cohort and the date to accept by, and a private link to answer it.',
    );
    expect(await within(dialog).findByText('The cohorts could not be loaded.')).toBeInTheDocument();
  });

  it('asks no cohort or date for a withdrawal', async () => {
    mockRoutes({}, { user: ADMIN });
    renderWithApi(<DecisionDialog decision="WITHDRAW" applicationIds={['a1', 'b2']} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw applications' });
    expect(dialog).toHaveTextContent('2 applications. The applications are withdrawn.');
    expect(within(dialog).queryByLabelText(/Accept by/)).toBeNull();
  });
});

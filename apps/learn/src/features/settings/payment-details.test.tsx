import { FINANCE_MESSAGES } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const masked = {
  id_number_last4: '5678',
  bank_name: 'Maybank',
  account_number_last4: '4321',
  account_holder: 'Aisyah Rahman',
  updated_at: '2026-11-01T00:00:00Z',
};

describe('/student/settings allowance payment details', () => {
  it('checks the fields, saves them once, then shows them masked with a way to replace them', async () => {
    const user = userEvent.setup();
    let saved: typeof masked | null = null;
    const { calls } = renderApp('/student/settings', {
      myPaymentDetails: () => ({ details: saved }),
      saveMyPaymentDetails: () => {
        saved = masked;
        return { details: masked };
      },
    });
    const section = await screen.findByRole('region', { name: 'Allowance payment details' });
    await user.type(await within(section).findByLabelText('IC or passport number'), '1234');
    await user.type(within(section).getByLabelText('Account number'), '12-34');
    await user.click(within(section).getByRole('button', { name: 'Save payment details' }));
    expect(await within(section).findByText(FINANCE_MESSAGES.idNumberFormat)).toBeInTheDocument();
    expect(within(section).getByText(FINANCE_MESSAGES.accountNumberFormat)).toBeInTheDocument();
    expect(within(section).getByText(FINANCE_MESSAGES.bankNameRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.name === 'saveMyPaymentDetails')).toBe(false);

    await user.clear(within(section).getByLabelText('IC or passport number'));
    await user.type(within(section).getByLabelText('IC or passport number'), '990101-14-5678');
    await user.type(within(section).getByLabelText('Bank name'), 'Maybank');
    await user.clear(within(section).getByLabelText('Account number'));
    await user.type(within(section).getByLabelText('Account number'), '5140124321');
    await user.type(within(section).getByLabelText('Account holder name'), 'Aisyah Rahman');
    await user.click(within(section).getByRole('button', { name: 'Save payment details' }));
    expect(await within(section).findByText(FINANCE_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.name === 'saveMyPaymentDetails')?.body).toEqual({
      id_number: '990101145678',
      bank_name: 'Maybank',
      account_number: '5140124321',
      account_holder: 'Aisyah Rahman',
    });
    expect(within(section).getByText('ending in 4321')).toBeInTheDocument();
    expect(within(section).queryByText('5140124321')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Replace payment details' }));
    expect(within(section).getByLabelText('Account number')).toHaveValue('');
  });
});

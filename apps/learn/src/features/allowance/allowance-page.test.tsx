import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyAllowance } from '@school/contracts';
import { renderApp } from '../../test/render-app';
import { NO_PROGRAMME_MESSAGE } from './allowance-page';

const trace: NonNullable<MyAllowance['current']>['trace'] = {
  rule_version: { id_slug: 'v1', effective_month: '2026-11' },
  paid_days: 30,
  days_in_month: 30,
  attendance: {
    result: 'PRORATE',
    attended: 5,
    counted: 7,
    percent: 71.4,
    min_percent: 75,
    prorate_from_percent: 50,
    remaining: 3,
    sessions: [],
  },
  submissions: { result: 'PASS', due: 2, handed_in: 2, open: 1, items: [] },
  absence_streak: { result: 'PASS', longest: 1, max_sessions: 3, sessions: [] },
  exceptions: [],
  formula: '',
};
const allowance = (over: Partial<MyAllowance> = {}): { data: MyAllowance } => ({
  data: {
    programme: 'Semiconductor Talent Programme',
    cohort: { id_slug: 'k1', title: 'Cohort 1' },
    current: {
      month: '2026-11',
      trainee: { id_slug: 'u1', first_name: 'Aisyah', last_name: 'Rahman', email: 'a@example.com' },
      outcome: 'PRORATED',
      amount_sen: 178500,
      trace,
      decision_id: null,
      entries: [],
      advice: ['71%: attend 3 of the remaining 3 sessions'],
    },
    statements: [
      {
        month: '2026-10',
        cohort_title: 'Cohort 1',
        decision_id: 'd1',
        outcome: 'ELIGIBLE',
        amount_sen: 250000,
        decided_at: '2026-10-31T16:30:00.000Z',
        dispute: null,
      },
    ],
    ...over,
  },
});

describe('/student/allowance', () => {
  it("shows this month so far with what would change it, and each decided month's statement", async () => {
    renderApp('/student/allowance', { myAllowance: () => allowance() });
    expect(await screen.findByRole('heading', { name: 'November 2026 so far' })).toBeInTheDocument();
    expect(screen.getByText('Pro-rated')).toBeInTheDocument();
    expect(screen.getByText('RM 1,785.00')).toBeInTheDocument();
    expect(screen.getByText('71%: attend 3 of the remaining 3 sessions')).toBeInTheDocument();
    expect(screen.getByText(/5 of 7 sessions \(71.4%\); at least 75%; 3 to come/)).toBeInTheDocument();
    const october = screen.getByRole('heading', { name: 'October 2026' }).closest('li')!;
    expect(within(october).getByText('RM 2,500.00')).toBeInTheDocument();
    expect(within(october).getByRole('button', { name: 'Download statement (PDF)' })).toBeInTheDocument();
  });

  it('sends a dispute with its reason and shows it as open', async () => {
    let disputed = false;
    const { calls } = renderApp('/student/allowance', {
      myAllowance: () =>
        disputed
          ? allowance({
              statements: [{ ...allowance().data.statements[0], dispute: { state: 'OPEN', created_at: '2026-11-02T02:00:00.000Z' } }],
            })
          : allowance(),
      myAllowanceDispute: () => {
        disputed = true;
        return allowance();
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute this decision' }));
    await userEvent.type(screen.getByRole('textbox', { name: /What is wrong with this decision/ }), 'I was in the lab on the 5th');
    await userEvent.click(screen.getByRole('button', { name: 'Send the dispute' }));
    expect(await screen.findByText(/You disputed this decision on .*: staff will answer it\./)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'allowance/me/statements/d1/dispute')?.body).toEqual({ reason: 'I was in the lab on the 5th' });
    expect(screen.queryByRole('button', { name: 'Dispute this decision' })).toBeNull();
  });

  it('says so to a student outside any programme', async () => {
    renderApp('/student/allowance', { myAllowance: () => ({ data: { programme: null, cohort: null, current: null, statements: [] } }) });
    expect(await screen.findByText(NO_PROGRAMME_MESSAGE)).toBeInTheDocument();
  });
});

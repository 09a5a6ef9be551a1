import type { CohortAllowanceMonth, TraineeMonth } from '@school/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '../test/api-harness';
import { AllowanceMonthTable } from './allowance-month-table';

function trainee(
  first: string,
  outcome: TraineeMonth['outcome'],
  amount: number | null,
  attended: number,
  advice: string[] = [],
): TraineeMonth {
  return {
    trainee: { id_slug: `u-${first}`, first_name: first, last_name: 'Lim', email: `${first.toLowerCase()}@example.com` },
    outcome,
    amount_sen: amount,
    decision_id: null,
    advice,
    entries: [],
    trace: {
      rule_version: { id_slug: 'v1', effective_month: '2026-10' },
      paid_days: 31,
      days_in_month: 31,
      attendance: {
        result: outcome === 'ELIGIBLE' ? 'PASS' : outcome === 'PRORATED' ? 'PRORATE' : 'WITHHOLD',
        attended,
        counted: 4,
        percent: (attended / 4) * 100,
        min_percent: 75,
        prorate_from_percent: 50,
        remaining: 0,
        sessions: [
          {
            session_id_slug: 's1',
            title: 'Cleanroom day 3',
            starts_at: '2026-10-03T02:00:00Z',
            status: 'ABSENT',
            entry_id: 41,
            excused_by_exception: false,
          },
        ],
      },
      submissions: { result: 'OFF', due: 0, handed_in: 0, open: 0, items: [] },
      absence_streak: { result: 'PASS', longest: 1, max_sessions: 3, sessions: [] },
      exceptions: [],
      formula: 'RM 2,500.00 x 50.0% (attendance) = RM 1,250.00',
    },
  };
}

const month = (finance: boolean, decided: boolean): CohortAllowanceMonth => ({
  month: '2026-10',
  programme: { id_slug: 'p1', title: 'Talent programme' },
  decided,
  run: null,
  may_run: !decided,
  finance,
  total_sen: finance ? 375000 : null,
  trainees: [
    trainee('Cai', 'WITHHELD', finance ? 0 : null, 1, ['25%: attend 2 more sessions']),
    trainee('Ben', 'PRORATED', finance ? 125000 : null, 2),
    trainee('Ana', 'ELIGIBLE', finance ? 250000 : null, 4),
  ],
});

describe('AllowanceMonthTable', () => {
  it('shows each trainee with outcome, amount in ringgit, attendance and the trace, for finance', () => {
    renderWithApi(<AllowanceMonthTable month={month(true, true)} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('Withheld')).toBeInTheDocument();
    expect(within(rows[0]).getByText('RM 0.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('RM 1,250.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('2/4 (50%)')).toBeInTheDocument();
    expect(within(rows[2]).getByText('RM 2,500.00')).toBeInTheDocument();
    // A decided month gives no advice; the trace names the session, its mark and entry.
    expect(screen.queryByText('25%: attend 2 more sessions')).toBeNull();
    fireEvent.click(within(rows[0]).getByText('Trace for Cai Lim'));
    expect(within(rows[0]).getByText(/Cleanroom day 3, .*: Absent \(entry 41\)/)).toBeVisible();
    expect(within(rows[1]).getByText('Formula: RM 2,500.00 x 50.0% (attendance) = RM 1,250.00', { exact: false })).toBeInTheDocument();
  });

  it('hides amounts and the formula without the finance permission, and shows a forecast’s advice', () => {
    const onPropose = vi.fn();
    renderWithApi(<AllowanceMonthTable month={month(false, false)} onPropose={onPropose} />);
    expect(screen.queryByRole('columnheader', { name: 'Amount' })).toBeNull();
    expect(screen.queryByText(/RM \d/)).toBeNull();
    expect(screen.getByRole('list', { name: "What would change Cai Lim's month" })).toHaveTextContent('25%: attend 2 more sessions');
    fireEvent.click(screen.getByRole('button', { name: 'Propose an exception for Ben Lim' }));
    expect(onPropose).toHaveBeenCalledWith(expect.objectContaining({ trainee: expect.objectContaining({ id_slug: 'u-Ben' }) }));
  });
});

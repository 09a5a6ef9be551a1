import type {
  ApplicationsBreakdownsResponse,
  ApplicationsFunnelResponse,
  ApplicationsOverTimeResponse,
  ApplicationsTimeToDecisionResponse,
} from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, type RouteCall } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { tableCells } from '../../test/table-cells';
import { AdmissionsOverviewPage } from './admissions-overview-page';

const PATH = '/admin/applications/overview';
const scopeOf = (c: RouteCall) => ({
  intake: c.query.get('intake') ?? 'youth-programme-2027',
  from: c.query.get('from'),
  to: c.query.get('to'),
});

const funnel = (c: RouteCall): ApplicationsFunnelResponse => ({
  scope: scopeOf(c),
  intakes: [
    { value: 'youth-programme-2027', label: 'Programme 2027' },
    { value: 'youth-programme-2025', label: 'Programme 2025' },
  ],
  total: 4,
  data: [
    { status: 'SUBMITTED', current: 1, reached: 4 },
    { status: 'OFFERED', current: 2, reached: 2 },
    { status: 'OFFER_EXPIRED', current: 1, reached: 1 },
  ],
});
const overTime = (c: RouteCall): ApplicationsOverTimeResponse => ({
  scope: scopeOf(c),
  data: [
    { week: '2026-W41', week_start: '2026-10-05', new_applications: 3, transitions: { SUBMITTED: 3, OFFERED: 1 } },
    { week: '2026-W42', week_start: '2026-10-12', new_applications: 1, transitions: { SUBMITTED: 1, OFFER_EXPIRED: 1 } },
  ],
});
const row = (value: string, label: string, total: number, offered = 0, enrolled = 0) => ({
  value,
  label,
  total,
  share: total / 4,
  offered,
  enrolled,
});
const breakdowns = (c: RouteCall): ApplicationsBreakdownsResponse => ({
  scope: scopeOf(c),
  total: 4,
  data: {
    state: [row('PENANG', 'Penang', 3, 2, 1), row('JOHOR', 'Johor', 1)],
    highest_qualification: [row('Degree', 'Degree', 4, 2, 1)],
    field_study: [row('Physics', 'Physics', 4, 2, 1)],
    course: [row('Packaging', 'Packaging', 4, 2, 1)],
  },
});
const times = (c: RouteCall): ApplicationsTimeToDecisionResponse => ({
  scope: scopeOf(c),
  data: {
    decided: 3,
    undecided: 1,
    median_days: 5.5,
    p90_days: 12.2,
    mean_days: 6.75,
    weeks: [{ week: '2026-W42', week_start: '2026-10-12', decided: 3, median_days: 3, p90_days: 7, mean_days: 4.33 }],
  },
});

function api() {
  return mockRoutes(
    {
      applicationsAnalyticsFunnel: funnel,
      applicationsAnalyticsOverTime: overTime,
      applicationsAnalyticsBreakdowns: breakdowns,
      applicationsAnalyticsTimeToDecision: times,
      applicationsAnalyticsDecisionsExport: () => '"Name"\r\n"Aina"\r\n',
    },
    { user: ADMIN },
  );
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('admissions overview page', () => {
  it('shows the funnel, the weeks, the four breakdowns and the time to decision of the current intake', async () => {
    api();
    renderWithApi(<AdmissionsOverviewPage />, PATH, PATH);
    await screen.findByRole('region', { name: 'Funnel' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Admissions overview');
    expect(tableCells(within(section('Funnel')).getByRole('table'))).toEqual([
      ['Submitted', '1', '4 (100%)'],
      ['Offered', '2', '2 (50%)'],
      ['Offer expired', '1', '1 (25%)'],
    ]);
    const weeks = await screen.findByRole('region', { name: 'Applications per week' });
    expect(
      within(weeks)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week', 'New applications', 'Offered', 'Offer expired']);
    expect(tableCells(within(weeks).getByRole('table'))).toEqual([
      ['2026-W41from 2026-10-05', '3', '1', '0'],
      ['2026-W42from 2026-10-12', '1', '0', '1'],
    ]);
    await screen.findByRole('region', { name: 'By state' });
    expect(tableCells(within(section('By state')).getByRole('table'))).toEqual([
      ['Penang', '3 (75%)', '2', '1'],
      ['Johor', '1 (25%)', '0', '0'],
    ]);
    for (const name of ['By highest qualification', 'By field of study', 'By course']) expect(section(name)).toBeInTheDocument();
    const decision = await screen.findByRole('region', { name: 'Time to decision' });
    const figure = (term: string) => within(decision).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Median')).toBe('5.5 days');
    expect(figure('90th percentile')).toBe('12.2 days');
    expect(figure('Mean')).toBe('6.8 days');
    expect(figure('Awaiting a decision')).toBe('1');
    expect(screen.getByRole('combobox', { name: 'Intake' })).toHaveValue('youth-programme-2027');
  });

  it('asks every figure for the chosen intake and dates, kept in the address', async () => {
    const { calls } = api();
    const { router } = renderWithApi(<AdmissionsOverviewPage />, PATH, PATH);
    await screen.findByRole('region', { name: 'Funnel' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Intake' }), 'Semiconductor Youth Development Programme 2025');
    await waitFor(() => expect(router.state.location.search).toBe('?intake=youth-programme-2025'));
    const from = screen.getByLabelText('Submitted from');
    await userEvent.type(from, '2026-10-12');
    await waitFor(() => expect(router.state.location.search).toBe('?intake=youth-programme-2025&from=2026-10-12'));
    await waitFor(() => {
      for (const figure of ['funnel', 'over-time', 'breakdowns', 'time-to-decision']) {
        const last = calls.filter((c) => c.path.endsWith(figure)).at(-1)!;
        expect([last.query.get('intake'), last.query.get('from')]).toEqual(['youth-programme-2025', '2026-10-12']);
      }
    });
  });

  it('exports the decisions of the intake shown as a CSV file', async () => {
    const { calls } = api();
    const createObjectURL = vi.fn(() => 'blob:decisions');
    const download = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithApi(<AdmissionsOverviewPage />, `${PATH}?to=2026-10-31`, PATH);
    await screen.findByRole('region', { name: 'Funnel' });
    await userEvent.click(screen.getByRole('button', { name: 'Export decisions (CSV)' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    const exported = calls.find((c) => c.path.endsWith('decisions-export'))!;
    expect([exported.query.get('intake'), exported.query.get('to')]).toEqual(['youth-programme-2027', '2026-10-31']);
  });
});

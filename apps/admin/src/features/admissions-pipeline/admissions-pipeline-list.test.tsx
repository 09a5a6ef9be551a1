import { type AdmissionListResponse, DECISION_REASON_MESSAGE, illegalTransitionMessage } from '@school/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply, type RouteCall, type RouteHandlers } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { AdmissionsPipelineList } from './admissions-pipeline-list';
import { bookedRow, listRows } from './pipeline.fixtures';

const PATH = '/admin/applications';

const list = (c: RouteCall): AdmissionListResponse => {
  const status = c.query.get('status');
  const data = status ? listRows.filter((r) => r.status === status) : listRows;
  return { data, count: data.length, num_pages: 1, current_page: 1 } as AdmissionListResponse;
};

function api(overrides: RouteHandlers = {}) {
  return mockRoutes(
    {
      admissionsList: list,
      applicationsAnalyticsBreakdowns: () => ({
        scope: { intake: 'youth-programme-2027', from: null, to: null },
        total: 2,
        data: {
          state: [],
          highest_qualification: [],
          field_study: [],
          course: [{ value: 'Packaging', label: 'Packaging', total: 1, share: 0.5, offered: 0, enrolled: 0 }],
        },
      }),
      admissionsOfferCohorts: () => ({
        data: [
          {
            id_slug: 'k1',
            title: 'Youth Cohort 2027',
            start_date: '2027-01-10',
            end_date: '2027-06-30',
            track: null,
            seats: null,
            free: null,
          },
        ],
      }),
      admissionsStaff: () => ({ data: [] }),
      ...overrides,
    },
    { user: ADMIN },
  );
}

const table = () => screen.findByRole('table');
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const bulkBar = () => screen.getByRole('region', { name: 'Bulk actions' });

afterEach(() => vi.unstubAllGlobals());

describe('admissions pipeline list', () => {
  it('shows each application with its state, screening, reviewers and mean score; selecting rows shows the bulk actions', async () => {
    api();
    renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .slice(1)
        .map((c) => c.textContent);
    expect(cells('Aina Rahman')).toEqual([
      'Aina Rahmanaina@apply.test',
      'Packaging',
      'Submittedsince 1 October 2026',
      // The warning (an age the date of birth contradicts) and a possible duplicate are flagged too.
      'To confirm1 not met, 1 to check1 warningPossible duplicate',
      'None',
      '–',
    ]);
    expect(cells('Badrul Hisham')).toEqual([
      'Badrul Hishambadrul@apply.test',
      'Chip design',
      'In reviewsince 5 October 2026',
      'EligibleAll rules met',
      'Chen Lim, Devi Lim2 of 2 scored',
      '3.25Reviewers disagree',
    ]);
    expect(screen.getByRole('link', { name: 'Aina Rahman' })).toHaveAttribute('href', '/admin/applications/a1');

    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Badrul Hisham' }));
    expect(bulkBar()).toHaveTextContent('1 selected');
    const actions = within(bulkBar()).getByRole('group', { name: 'Actions on the selected applications' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm eligible', 'Assign reviewers', 'Shortlist', 'Offer', 'Waitlist', 'Reject', 'Withdraw']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(bulkBar()).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('shows a shortlisted application’s interview stage, and filters by it', async () => {
    const { calls } = api({ admissionsList: () => ({ data: [...listRows, bookedRow], count: 3, num_pages: 1 }) });
    const { router } = renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    expect(within(rowOf('Chong Wei')).getByText(/^Interview booked for 3 February 2027$/)).toBeInTheDocument();
    expect(within(rowOf('Aina Rahman')).queryByText(/Interview/)).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Interview' }), 'Interview not booked');
    await waitFor(() => expect(router.state.location.search).toBe('?interview=NOT_BOOKED'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === 'admissions/admin/applications')
          .at(-1)!
          .query.get('interview'),
      ).toBe('NOT_BOOKED'),
    );
  });

  it('keeps the filters in the address and asks the list for them', async () => {
    const { calls } = api();
    const { router } = renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In review');
    await waitFor(() => expect(router.state.location.search).toBe('?status=IN_REVIEW'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Screening' }), 'To confirm');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Intake' }), 'Semiconductor Youth Development Programme 2025');
    await waitFor(() => expect(router.state.location.search).toBe('?status=IN_REVIEW&eligibility=unconfirmed&intake=youth-programme-2025'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === 'admissions/admin/applications').at(-1)!;
      expect([last.query.get('status'), last.query.get('eligibility'), last.query.get('intake')]).toEqual([
        'IN_REVIEW',
        'unconfirmed',
        'youth-programme-2025',
      ]);
    });
  });

  it('offers a place to the selected applications: the cohort, the accept-by date and time and the reason', async () => {
    const { calls } = api({
      admissionsDecide: (c) => {
        const ids = (c.body as { application_ids: string[] }).application_ids;
        return {
          data: { decided: ids.length, applications: ids.map((id) => ({ id_slug: id, from_status: 'IN_REVIEW', to_status: 'OFFERED' })) },
        };
      },
    });
    renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a place' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(dialog).toHaveTextContent(DECISION_REASON_MESSAGE);
    expect(calls.some((c) => c.path === 'admissions/admin/decisions')).toBe(false);

    await within(dialog).findByRole('option', { name: /Youth Cohort 2027/ });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Cohort/ }), 'k1');
    fireEvent.change(within(dialog).getByLabelText(/Accept by/), { target: { value: '2030-01-15T17:30' } });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Top of the ranking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('2 applications moved to Offered.');
    const sent = calls.filter((c) => c.method === 'POST' && c.path === 'admissions/admin/decisions');
    expect(sent.map((c) => c.body)).toEqual([
      {
        application_ids: ['a1', 'b2'],
        decision: 'OFFER',
        reason: 'Top of the ranking',
        cohort_id: 'k1',
        accept_by: '2030-01-15T09:30:00.000Z',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    // The list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.path === 'admissions/admin/applications')).toHaveLength(2));
  });

  it('confirms the selected applications eligible in one action; a refusal names each application and why', async () => {
    const refusal = illegalTransitionMessage('IN_REVIEW', 'SCREENED');
    let refuse = true;
    const { calls } = api({
      admissionsBulkScreening: (c) => {
        const ids = (c.body as { application_ids: string[] }).application_ids;
        if (refuse) return reply(409, { message: '1 application cannot be screened: nothing was changed.', errors: { b2: refusal } });
        return { data: { screened: ids.length, applications: ids.map((id) => ({ id_slug: id, status: 'SCREENED' })) } };
      },
    });
    renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Confirm eligible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm eligible' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('1 application cannot be screened: nothing was changed.');
    expect(alert).toHaveTextContent(`Application B2: ${refusal}`);

    refuse = false;
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Badrul Hisham' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('1 application confirmed eligible: now Screened.');
    expect(calls.filter((c) => c.path === 'admissions/admin/screening').map((c) => c.body)).toEqual([
      { application_ids: ['a1', 'b2'], eligible: true, reason: '' },
      { application_ids: ['a1'], eligible: true, reason: '' },
    ]);
  });

  it("shows the API's refusal in the dialog and keeps it open", async () => {
    const refusal = illegalTransitionMessage('SUBMITTED', 'SHORTLISTED');
    api({ admissionsDecide: () => reply(409, { message: refusal, errors: { a1: 'SUBMITTED' } }) });
    renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Aina Rahman' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Shortlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shortlist applications' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Strong profile');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Shortlist applications' })).toBeInTheDocument();
    expect(bulkBar()).toHaveTextContent('1 selected');
  });

  it('chooses rows per page up to 100, kept in the address and asked of the list', async () => {
    const { calls } = api();
    const { router } = renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    expect(calls.find((c) => c.path === 'admissions/admin/applications')!.query.get('page_size')).toBe('20');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    await waitFor(() => expect(router.state.location.search).toBe('?size=100'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === 'admissions/admin/applications')
          .at(-1)!
          .query.get('page_size'),
      ).toBe('100'),
    );
  });

  it('selects every application matching the filter across pages and decides on them by the filter', async () => {
    const { calls } = api({
      // Two rows shown of 45 matching.
      admissionsList: (c) => ({ ...list(c), count: 45, num_pages: 3 }),
      admissionsDecide: () => ({ data: { decided: 45, applications: [] } }),
    });
    renderWithApi(<AdmissionsPipelineList />, `${PATH}?status=IN_REVIEW&intake=youth-programme-2027&course=Packaging`, PATH);
    await table();
    expect(screen.queryByRole('button', { name: /Select all 45/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 45 matching this filter' }));
    expect(screen.getByText(/All 45 applications matching this filter are selected/)).toBeInTheDocument();
    expect(bulkBar()).toHaveTextContent('45 selected');
    // Reviewers too are assigned to the whole set.
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Assign reviewers' }));
    const assign = await screen.findByRole('dialog', { name: 'Assign reviewers' });
    expect(assign).toHaveTextContent('Each reviewer you choose is assigned to the 45 selected applications.');
    await userEvent.click(within(assign).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a place' });
    expect(dialog).toHaveTextContent('45 applications');
    // The offer lists the cohorts of the filter's intake and track.
    await waitFor(() => {
      const asked = calls.filter((c) => c.path === 'admissions/admin/cohorts').at(-1)!;
      expect([asked.query.get('intake'), asked.query.get('course')]).toEqual(['youth-programme-2027', 'Packaging']);
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject applications' });
    await userEvent.type(within(reject).getByRole('textbox', { name: /Reason/ }), 'Places filled');
    await userEvent.click(within(reject).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('45 applications moved to Rejected.');
    expect(calls.filter((c) => c.method === 'POST' && c.path === 'admissions/admin/decisions').map((c) => c.body)).toEqual([
      {
        matching: { status: 'IN_REVIEW', intake: 'youth-programme-2027', course: 'Packaging' },
        decision: 'REJECT',
        reason: 'Places filled',
      },
    ]);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('confirms every application matching the filter eligible by the filter, across pages', async () => {
    const { calls } = api({
      admissionsList: (c) => ({ ...list(c), count: 45, num_pages: 3 }),
      admissionsBulkScreening: () => ({ data: { screened: 45, applications: [] } }),
    });
    renderWithApi(<AdmissionsPipelineList />, `${PATH}?eligibility=unconfirmed`, PATH);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 45 matching this filter' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Confirm eligible' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm eligible' });
    expect(dialog).toHaveTextContent('45 applications will be confirmed eligible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('45 applications confirmed eligible: now Screened.');
    expect(calls.filter((c) => c.path === 'admissions/admin/screening').map((c) => c.body)).toEqual([
      { matching: { eligibility: 'unconfirmed' }, eligible: true, reason: '' },
    ]);
  });

  it('lists each application a refused bulk decision names, with why', async () => {
    api({
      admissionsDecide: () =>
        reply(409, {
          message: '1 of the 2 selected applications cannot take this decision; nothing was changed.',
          errors: { a1: 'Aina Rahman: not yet screened' },
        }),
    });
    renderWithApi(<AdmissionsPipelineList />, PATH, PATH);
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject applications' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Places filled');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('1 of the 2 selected applications cannot take this decision');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aina Rahman: not yet screened']);
  });
});

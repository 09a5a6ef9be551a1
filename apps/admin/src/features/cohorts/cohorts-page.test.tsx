import type { AdminCohortListItem } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { CohortsPage } from './cohorts-page';

const cohort = (id: string, title: string, status: AdminCohortListItem['status']): AdminCohortListItem => ({
  id_slug: id,
  title,
  start_date: '2025-09-01T09:00:00.000Z',
  end_date: '2025-12-01T09:00:00.000Z',
  end_access_date: '2026-01-01T09:00:00.000Z',
  result_open_date: null,
  status,
  total_active: 1,
  total_students: 1,
  total_dropped: 0,
  courses_count: 1,
  created_date: '2025-08-01T09:00:00.000Z',
});

const ALL = [
  cohort('k1', 'Spring intake', 'UPCOMING'),
  cohort('k2', 'Summer intake', 'ONGOING'),
  cohort('k3', 'Autumn intake', 'COMPLETED'),
  cohort('k4', 'Winter intake', 'ACCESS_CLOSED'),
];

afterEach(() => vi.unstubAllGlobals());

describe('cohorts page', () => {
  it("shows every cohort's state from its dates and filters the list by it through the API", async () => {
    const api = mockRoutes(
      {
        adminCohortList: ({ query }) => {
          const data = ALL.filter((c) => !query.get('status') || c.status === query.get('status'));
          return { data, count: data.length, num_pages: 1 };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortsPage />, '/admin/cohorts?page=2', '/admin/cohorts');
    const rows = await screen.findAllByRole('row');
    const stateOf = (title: string) =>
      within(rows.find((r) => r.textContent?.includes(title))!).getByText(/^(Upcoming|Running|Ended|Access closed)$/).textContent;
    expect(stateOf('Spring intake')).toBe('Upcoming');
    expect(stateOf('Summer intake')).toBe('Running');
    expect(stateOf('Autumn intake')).toBe('Ended');
    expect(stateOf('Winter intake')).toBe('Access closed');

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      screen
        .getAllByRole('option')
        .filter((o) => filter.contains(o))
        .map((o) => o.textContent),
    ).toEqual(['All', 'Upcoming', 'Running', 'Ended', 'Access closed']);
    await userEvent.selectOptions(filter, 'Ended');
    await waitFor(() => expect(screen.queryByText('Spring intake')).toBeNull());
    expect(screen.getByText('Autumn intake')).toBeInTheDocument();
    const last = api.calls.filter((c) => c.path === 'cohorts/admin/list').at(-1)!;
    expect(last.query.get('status')).toBe('COMPLETED');
    // A new filter starts again at the first page.
    expect(last.query.get('page')).toBe('1');
  });
});

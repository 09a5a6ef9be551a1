import type { AdminCohort, AdminCohortListItem } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { AnalyticsPage } from './analytics-page';

const PATH = '/admin/analytics';

const dates = {
  start_date: '2026-10-01T00:00:00.000Z',
  end_date: '2027-01-31T00:00:00.000Z',
  end_access_date: '2027-03-31T00:00:00.000Z',
  result_open_date: null,
  status: 'ONGOING' as const,
  total_active: 18,
  total_students: 20,
  total_dropped: 2,
};
const listItem = (id_slug: string, title: string): AdminCohortListItem => ({
  id_slug,
  title,
  ...dates,
  courses_count: 2,
  created_date: '2026-09-01T00:00:00.000Z',
});
const detail: AdminCohort = {
  id_slug: 'k1',
  title: 'Wafer Fab October 2026',
  ...dates,
  courses: [
    { id_slug: 'c1', title: 'Etch basics', description: '', modules_count: 2, lessons_count: 6 },
    { id_slug: 'c2', title: 'Lithography', description: '', modules_count: 1, lessons_count: 3 },
  ],
  students: [],
  certificates: [],
};

afterEach(() => vi.unstubAllGlobals());

function api() {
  return mockRoutes(
    {
      adminCohortList: () => ({
        data: [listItem('k1', 'Wafer Fab October 2026'), listItem('k2', 'Packaging 2026')],
        count: 2,
        num_pages: 1,
      }),
      adminCohortDetail: () => ({ data: detail }),
    },
    { user: ADMIN },
  );
}

describe('analytics page', () => {
  it("a chosen cohort links to its gradebook, its grading and each course's engagement", async () => {
    api();
    const { router } = renderWithApi(<AnalyticsPage />, PATH, PATH);
    const cohorts = await screen.findByRole('list', { name: 'Cohorts' });
    expect(screen.queryByRole('link', { name: /Gradebook of/ })).not.toBeInTheDocument();
    await userEvent.click(within(cohorts).getByRole('button', { name: 'Choose Wafer Fab October 2026' }));

    expect(await screen.findByRole('link', { name: 'Gradebook of Wafer Fab October 2026' })).toHaveAttribute('href', '/admin/gradebook/k1');
    expect(screen.getByRole('link', { name: 'Grading of Wafer Fab October 2026' })).toHaveAttribute('href', '/admin/grading/k1');
    expect(screen.getByRole('link', { name: 'Engagement of Etch basics' })).toHaveAttribute('href', '/admin/courses/c1?tab=3');
    expect(screen.getByRole('link', { name: 'Engagement of Lithography' })).toHaveAttribute('href', '/admin/courses/c2?tab=3');
    expect(within(cohorts).getByRole('button', { name: 'Chosen Wafer Fab October 2026' })).toHaveAttribute('aria-pressed', 'true');
    // The choice is in the address, so the page can be shared or reloaded.
    expect(router.state.location.search).toBe('?cohort=k1');
  });

  it('opens with the cohort named in the address', async () => {
    api();
    renderWithApi(<AnalyticsPage />, `${PATH}?cohort=k1`, PATH);
    expect(await screen.findByRole('heading', { name: 'Wafer Fab October 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Engagement of Etch basics' })).toBeInTheDocument();
  });
});

import type { AdminDashboard } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { DashboardPage } from './dashboard-page';

const figures: AdminDashboard = { running_cohorts: 3, active_students: 41, awaiting_grading: 7, applications_waiting: 12, failed_jobs: 2 };

afterEach(() => vi.unstubAllGlobals());

const card = (label: string) => screen.getByText(label).closest('li')!;

describe('admin dashboard', () => {
  it("shows the school's figures, each linking to the page where the admin acts on it", async () => {
    mockRoutes({ adminDashboard: () => figures }, { user: ADMIN });
    renderWithApi(<DashboardPage />);
    const list = await screen.findByRole('list', { name: "The school's figures" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const expected: [string, string, string, string][] = [
      ['Running cohorts', '3', 'See running cohorts', '/admin/cohorts?status=ONGOING'],
      ['Students active this week', '41', 'See students', '/admin/students'],
      ['Waiting for grading', '7', 'Go to grading', '/admin/grading'],
      ['Applications waiting', '12', 'Open the admissions pipeline', '/admin/applications'],
      ['Failed jobs', '2', 'See failed jobs', '/admin/jobs/failed'],
    ];
    for (const [label, value, action, href] of expected) {
      const c = card(label);
      expect(c).toHaveTextContent(`${value} ${label}`);
      expect(within(c).getByRole('link', { name: action })).toHaveAttribute('href', href);
    }
    expect(card('Students active this week')).toHaveTextContent('Students who opened a class in the last 7 days.');
    expect(card('Failed jobs')).toHaveClass('admin-dashboard-card--alarm');
  });

  it('marks failed jobs only when there are some', async () => {
    mockRoutes({ adminDashboard: () => ({ ...figures, failed_jobs: 0 }) }, { user: ADMIN });
    renderWithApi(<DashboardPage />);
    await screen.findByRole('list', { name: "The school's figures" });
    expect(card('Failed jobs')).not.toHaveClass('admin-dashboard-card--alarm');
  });

  it('says in words when the figures cannot be loaded, and retries', async () => {
    let fail = true;
    mockRoutes({ adminDashboard: () => (fail ? reply(500, { message: 'Internal server error' }) : figures) }, { user: ADMIN });
    renderWithApi(<DashboardPage />);
    expect(await screen.findByText("We could not load the school's figures. Please try again later.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: "The school's figures" })).toBeInTheDocument();
  });
});

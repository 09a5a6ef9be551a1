import type { AdminStudentListItem } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { StudentsPage } from './students-page';

afterEach(() => vi.unstubAllGlobals());

const student = (id_slug: string, first_name: string, is_suspended: boolean): AdminStudentListItem => ({
  id_slug,
  first_name,
  last_name: 'Rahman',
  email: `${id_slug}@example.com`,
  cohort_enrollment: null,
  enrolment_status: null,
  latest_access_datetime: null,
  completion_percentage: 0,
  is_suspended,
  role: 'STUDENT',
  created_date: '2025-01-01T00:00:00Z',
  cohort_enrollments: [],
});

function setup(first = student('s1', 'Aisyah', false)) {
  let list = [first, student('s2', 'Farid', true)];
  const api = mockRoutes(
    {
      adminStudentList: () => ({ data: list, count: list.length, num_pages: 1 }),
      adminActiveCohorts: () => [],
      adminUpdateUserStatus: (call) => {
        list = list.map((s) => (s.id_slug === 's1' ? { ...s, is_suspended: (call.body as { is_suspended: boolean }).is_suspended } : s));
        return { user: { ...list[0] } };
      },
    },
    { user: ADMIN },
  );
  renderWithApi(
    <Routes>
      <Route path="/admin/students" element={<StudentsPage />} />
    </Routes>,
    '/admin/students',
  );
  return api;
}

describe('StudentsPage account status', () => {
  it('marks a suspended account and offers to reinstate it', async () => {
    setup();
    const row = (await screen.findByText('Farid Rahman')).closest('tr')!;
    expect(within(row).getByText('Account suspended')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reinstate account of Farid Rahman' })).toBeInTheDocument();
  });

  it('suspends an account only after the confirmation, then marks it', async () => {
    const api = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account of Aisyah Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Suspend account of Aisyah Rahman' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend account' }));
    const row = (await screen.findByRole('button', { name: 'Reinstate account of Aisyah Rahman' })).closest('tr')!;
    expect(within(row).getByText('Account suspended')).toBeInTheDocument();
    expect(screen.getByText('Account suspended: Aisyah Rahman.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: 'auth/admin/users/s1/status', body: { is_suspended: true } });
  });
});

describe('StudentsPage role', () => {
  it('makes a student an instructor only after the confirmation, says so, and the row leaves the list', async () => {
    let list = [student('s1', 'Aisyah', false), student('s2', 'Farid', false)];
    const api = mockRoutes(
      {
        adminStudentList: () => ({ data: list, count: list.length, num_pages: 1 }),
        adminActiveCohorts: () => [],
        adminUpdateUserRole: (call) => {
          const made = list.find((s) => s.id_slug === 's1')!;
          list = list.filter((s) => s.id_slug !== 's1');
          return {
            user: {
              id_slug: made.id_slug,
              first_name: made.first_name,
              last_name: made.last_name,
              email: made.email,
              role: (call.body as { role: 'INSTRUCTOR' }).role,
            },
          };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(
      <Routes>
        <Route path="/admin/students" element={<StudentsPage />} />
      </Routes>,
      '/admin/students',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Make instructor: Aisyah Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this account an instructor?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Make instructor: Aisyah Rahman' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make instructor' }));
    expect(await screen.findByText('Aisyah Rahman is now an instructor.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Aisyah Rahman')).not.toBeInTheDocument());
    expect(screen.getByText('Farid Rahman')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: 'auth/admin/users/s1/role', body: { role: 'INSTRUCTOR' } });
  });
});

describe('StudentsPage account deletion', () => {
  it('deletes an account only after the confirmation, says so in the answer’s words, and the row leaves the list', async () => {
    let list = [student('s1', 'Aisyah', false), student('s2', 'Farid', false)];
    const api = mockRoutes(
      {
        adminStudentList: () => ({ data: list, count: list.length, num_pages: 1 }),
        adminActiveCohorts: () => [],
        adminDeleteUser: () => {
          list = list.filter((s) => s.id_slug !== 's1');
          return { message: 'Account deleted: Aisyah Rahman.' };
        },
      },
      { user: ADMIN },
    );
    renderWithApi(
      <Routes>
        <Route path="/admin/students" element={<StudentsPage />} />
      </Routes>,
      '/admin/students',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account of Aisyah Rahman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete account of Aisyah Rahman' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Account deleted: Aisyah Rahman.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Aisyah Rahman')).not.toBeInTheDocument());
    expect(screen.getByText('Farid Rahman')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: 'auth/admin/users/s1' });
  });
});

describe('StudentsPage cohorts', () => {
  const inTwo: AdminStudentListItem = {
    ...student('s1', 'Aisyah', false),
    cohort_enrollment: { cohort_id_slug: 'k2', cohort_title: 'Etching Autumn', enrolment_status: 'ACTIVE' },
    enrolment_status: 'ACTIVE',
    cohort_enrollments: [
      {
        cohort_id_slug: 'k2',
        cohort_title: 'Etching Autumn',
        enrolment_status: 'ACTIVE',
        completion_percentage: 50,
        latest_access_datetime: null,
      },
      {
        cohort_id_slug: 'k1',
        cohort_title: 'Lithography Spring',
        enrolment_status: 'COMPLETED',
        completion_percentage: 0,
        latest_access_datetime: null,
      },
    ],
  };

  it('shows every cohort of a student, each a styled link with its status and progress (0% for nothing done)', async () => {
    setup(inTwo);
    const cohorts = await screen.findByRole('list', { name: 'Cohorts of Aisyah Rahman' });
    const links = within(cohorts).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Etching Autumn', 'Lithography Spring']);
    expect(links[0]).toHaveAttribute('href', '/admin/cohorts/k2');
    for (const link of links) expect(link).toHaveClass('ui-link');
    expect(within(cohorts).getByRole('progressbar', { name: 'Progress of Aisyah Rahman in Etching Autumn' })).toHaveAttribute(
      'aria-valuetext',
      '50%',
    );
    expect(within(cohorts).getByRole('progressbar', { name: 'Progress of Aisyah Rahman in Lithography Spring' })).toHaveAttribute(
      'aria-valuetext',
      '0%',
    );
    expect(within(cohorts).getByText('COMPLETED')).toBeInTheDocument();
  });

  it('offers no cohort list for a student in none', async () => {
    setup();
    await screen.findByText('Farid Rahman');
    expect(screen.queryByRole('list', { name: /Cohorts of/ })).toBeNull();
  });
});

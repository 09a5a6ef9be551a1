import type { Student } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortStudentsTab } from './cohort-students-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = aCohort({ total_active: 1, total_students: 2 });

const student = (id: string, first: string, status: Student['enrolment_status']): Student => ({
  id_slug: id,
  first_name: first,
  last_name: 'Tan',
  email: `${id}@x.io`,
  cohort_enrollment: { cohort_id_slug: 'h1', cohort_title: 'Cohort 1', enrolment_status: status! },
  enrolment_status: status,
  latest_access_datetime: null,
  completion_percentage: 100,
  is_suspended: false,
});

/** The cohort's students; completing one changes its status as the server would. */
function school(students: Student[]) {
  let current = [...students];
  return mockRoutes(
    {
      adminCohortStudents: () => ({ data: current, count: current.length }),
      adminCompleteStudent: (call) => {
        const id = (call.body as { user_id_slug: string }).user_id_slug;
        current = current.map((s) => (s.id_slug === id ? { ...s, enrolment_status: 'COMPLETED' as const } : s));
        return { cohort_id_slug: 'h1' };
      },
    },
    { user: ADMIN },
  );
}

describe('cohort students tab', () => {
  it("marks an active student's enrolment as completed after asking, and says so", async () => {
    const { calls } = school([student('u1', 'Aisyah', 'ACTIVE'), student('u2', 'Bala', 'SUSPENDED')]);
    renderWithApi(<CohortStudentsTab cohort={cohort} />);
    // Only the active student can be completed (a suspended one is unsuspended first).
    expect(await screen.findByRole('button', { name: 'Mark as completed Aisyah Tan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as completed Bala Tan' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as completed Aisyah Tan' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this enrolment as completed?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByText('Enrolment marked as completed: Aisyah Tan.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ user_id_slug: 'u1' });
    // Completed for good: neither completed again nor suspended.
    expect(await screen.findByRole('button', { name: 'Remove Aisyah Tan' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as completed Aisyah Tan' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Suspend student Aisyah Tan' })).toBeNull();
  });

  it('shows the refusal the API answers in its words', async () => {
    mockRoutes(
      {
        adminCohortStudents: () => ({ data: [student('u1', 'Aisyah', 'ACTIVE')], count: 1 }),
        adminCompleteStudent: () => reply(409, { message: "This student's enrolment is already completed" }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CohortStudentsTab cohort={cohort} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as completed Aisyah Tan' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByText("This student's enrolment is already completed")).toBeInTheDocument();
  });
});

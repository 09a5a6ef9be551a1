import type { CohortInstructor } from '@school/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortInstructorsTab } from './cohort-instructors-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = aCohort();

const farid: CohortInstructor = { id_slug: 'u1', first_name: 'Farid', last_name: 'Tan', email: 'farid@x.io', role: 'INSTRUCTOR' };
const grace: CohortInstructor = { id_slug: 'u2', first_name: 'Grace', last_name: 'Lim', email: 'grace@x.io', role: 'ADMIN' };

/** An API whose cohort starts with `teaching`; assigning and removing change it as the server would. */
function school(teaching: CohortInstructor[]) {
  let current = [...teaching];
  const staff = [farid, grace];
  return mockRoutes(
    {
      adminCohortInstructors: () => ({ data: current }),
      adminCohortInstructorCandidates: (call) => {
        const term = (call.query.get('search_query') ?? '').toLowerCase();
        return {
          data: staff.filter((s) => !current.includes(s) && `${s.first_name} ${s.last_name} ${s.email}`.toLowerCase().includes(term)),
        };
      },
      adminCohortAssignInstructor: (call) => {
        current = [...current, staff.find((s) => s.id_slug === (call.body as { user_id_slug: string }).user_id_slug)!];
        return reply(201, { data: current });
      },
      adminCohortRemoveInstructor: () => {
        current = current.filter((s) => s !== farid);
        return { data: current };
      },
    },
    { user: ADMIN },
  );
}

describe('CohortInstructorsTab', () => {
  it('searches staff by name or email and adds one, who then moves to the instructors', async () => {
    const api = school([]);
    renderWithApi(<CohortInstructorsTab cohort={cohort} />);
    expect(await screen.findByText(/No one teaches this cohort yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search staff' }), 'grace@');
    const candidates = await screen.findByRole('list', { name: 'Staff not teaching this cohort' });
    await waitFor(() => expect(within(candidates).getAllByRole('listitem')).toHaveLength(1));
    expect(candidates).toHaveTextContent('grace@x.io · Admin');
    await userEvent.click(within(candidates).getByRole('button', { name: 'Add Grace Lim' }));
    expect(await screen.findByText('Grace Lim now teaches Cohort 1.')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Instructors' })).toHaveTextContent('Grace Lim');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id_slug: 'u2' });
    expect(api.calls.some((c) => c.path.endsWith('/candidates') && c.query.get('search_query') === 'grace@')).toBe(true);
  });

  it('removes an instructor after a confirmation that says what they lose', async () => {
    const api = school([farid]);
    renderWithApi(<CohortInstructorsTab cohort={cohort} />);
    const list = await screen.findByRole('list', { name: 'Instructors' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Farid Tan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this instructor?' });
    expect(dialog).toHaveTextContent('Farid Tan will no longer see Cohort 1 or grade its work.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove instructor' }));
    expect(await screen.findByText('Farid Tan no longer teaches Cohort 1.')).toBeInTheDocument();
    expect(await screen.findByText(/No one teaches this cohort yet/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['cohorts/admin/h1/instructors/u1']);
  });
});

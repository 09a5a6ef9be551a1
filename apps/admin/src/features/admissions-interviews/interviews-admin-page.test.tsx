import type { InterviewSlot } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply, type RouteHandlers } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { InterviewsAdminPage, SLOT_CANCELLED_MESSAGE, SLOT_CHANGED_MESSAGE } from './interviews-admin-page';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/admin/applications/interviews';
const slot: InterviewSlot = {
  id_slug: 's1',
  intake: 'youth-programme-2027',
  starts_at: '2030-06-02T02:00:00.000Z',
  starts_at_text: 'Sunday, 2 June 2030 at 10:00 (Malaysia time)',
  duration_minutes: 30,
  place: 'Room 3',
  meeting_link: '',
  capacity: 2,
  panel: [{ id_slug: 'u1', first_name: 'Siti', last_name: 'Panel' }],
  bookings: [{ application_id_slug: 'a1', full_name: 'Farah Aziz', booked_at: '2030-05-01T02:00:00.000Z', no_show_at: null }],
};

function api(overrides: RouteHandlers = {}) {
  return mockRoutes(
    {
      admissionsInterviewSlots: () => ({ data: [slot] }),
      admissionsInterviewRubric: () => ({
        data: { intake: 'youth-programme-2027', criteria: [], max_total: 0, updated_at: null, scored: false },
      }),
      admissionsStaff: () => ({
        data: [{ id_slug: 'u1', first_name: 'Siti', last_name: 'Panel', email: 'siti@example.com', role: 'INSTRUCTOR' }],
      }),
      ...overrides,
    },
    { user: ADMIN },
  );
}

describe('InterviewsAdminPage, a booked slot', () => {
  it('changes a booked slot from its own form, sending its Malaysia time, and says the applicants are told', async () => {
    const { calls } = api({ admissionsUpdateInterviewSlot: () => ({ data: { ...slot, place: 'Room 9' } }) });
    renderWithApi(<InterviewsAdminPage />, PATH, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Change slot, Sunday, 2 June 2030 at 10:00 (Malaysia time)' }));
    const slots = screen.getByRole('list', { name: 'Interview slots' });
    const place = within(slots).getByLabelText('Place');
    expect(within(slots).getByLabelText(/^Starts/)).toHaveValue('2030-06-02T10:00');
    await userEvent.clear(place);
    await userEvent.type(place, 'Room 9');
    await userEvent.click(within(slots).getByRole('button', { name: 'Save slot' }));
    expect(await screen.findByText(SLOT_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: 'admissions/admin/interview-slots/s1',
      body: { starts_at: '2030-06-02T10:00:00+08:00', duration_minutes: 30, place: 'Room 9', capacity: 2, panel_ids: ['u1'] },
    });
  });

  it('cancels a booked slot only with a reason, which the API refuses when blank', async () => {
    const { calls } = api({
      admissionsCancelInterviewSlot: (call) =>
        (call.body as { reason: string }).reason
          ? { data: [] }
          : reply(400, { message: 'Invalid', errors: { reason: 'Say why the slot is cancelled: the applicants who booked it are told' } }),
    });
    renderWithApi(<InterviewsAdminPage />, PATH, PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel slot, Sunday, 2 June 2030 at 10:00 (Malaysia time)' }));
    expect(screen.getByLabelText(/Why is the slot cancelled/)).toHaveAccessibleDescription(/The applicant who booked it is mailed this/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the slot' }));
    expect(await screen.findByText('Say why the slot is cancelled: the applicants who booked it are told')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Why is the slot cancelled/), 'The room is closed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the slot' }));
    expect(await screen.findByText(SLOT_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      path: 'admissions/admin/interview-slots/s1/cancel',
      body: { reason: 'The room is closed' },
    });
    expect(await screen.findByText('No slot is published for this intake yet.')).toBeInTheDocument();
  });
});

import { ATTENDANCE_MESSAGES, type LiveSession, REGISTER_MESSAGES, type RegisterResponse } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { SessionRegister } from './session-register';

afterEach(() => vi.unstubAllGlobals());

const session: LiveSession = {
  id_slug: 's1',
  title: 'Cleanroom visit',
  starts_at: '2025-09-10T01:00:00.000Z',
  ends_at: '2025-09-10T02:00:00.000Z',
  duration_minutes: 60,
  mode: 'ON_SITE',
  meeting_url: null,
  place: 'Lab 2',
  mandatory: true,
  cancelled_at: null,
  facilitators: [],
  attendance_threshold_percent: 75,
};

/** An ended session's register; a change without a reason is refused as the server does. */
function school() {
  let reg: RegisterResponse = {
    ended: true,
    month_closed: false,
    data: [
      {
        id_slug: 'u9',
        first_name: 'Ana',
        last_name: 'Lee',
        status: 'ABSENT',
        reason: null,
        marked_at: null,
        marked_by: null,
        approved_by: null,
        entries: 0,
      },
    ],
  };
  return mockRoutes(
    {
      adminSessionRegister: () => reg,
      adminMarkAttendance: (call) => {
        const b = call.body as { status: 'PRESENT'; reason: string | null };
        if (!b.reason)
          return reply(400, {
            message: ATTENDANCE_MESSAGES.correctionReasonRequired,
            errors: { reason: ATTENDANCE_MESSAGES.correctionReasonRequired },
          });
        reg = {
          ...reg,
          data: [
            {
              ...reg.data[0],
              status: b.status,
              reason: b.reason,
              marked_at: '2025-09-11T00:00:00.000Z',
              marked_by: 'Farid Tan',
              entries: 1,
            },
          ],
        };
        return reg;
      },
    },
    { user: ADMIN },
  );
}

describe('SessionRegister', () => {
  it('corrects a mark after the end with its reason, by keyboard, and says what happened', async () => {
    const api = school();
    renderWithApi(<SessionRegister cohortId="h1" session={session} />);
    const form = await screen.findByRole('form', { name: 'Mark Ana Lee' });
    expect(form).toHaveTextContent('Ana Lee: Absent');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Mark for Ana Lee' }), 'PRESENT');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText(ATTENDANCE_MESSAGES.correctionReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason for the change/ }), 'Signed the paper sheet{Enter}');
    expect(await screen.findByText('Ana Lee is marked present.')).toBeInTheDocument();
    expect(await screen.findByText(/by Farid Tan/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      user_id_slug: 'u9',
      status: 'PRESENT',
      reason: 'Signed the paper sheet',
    });
  });

  it("says a closed month's change waits for a second staff member, and tells so when one is sent", async () => {
    const reg: RegisterResponse = {
      ended: true,
      month_closed: true,
      data: [
        {
          id_slug: 'u9',
          first_name: 'Ana',
          last_name: 'Lee',
          status: 'ABSENT',
          reason: null,
          marked_at: null,
          marked_by: null,
          approved_by: null,
          entries: 0,
        },
      ],
    };
    mockRoutes({ adminSessionRegister: () => reg, adminMarkAttendance: () => ({ ...reg, pending_correction: 'k1' }) }, { user: ADMIN });
    renderWithApi(<SessionRegister cohortId="h1" session={session} />);
    expect(await screen.findByRole('note')).toHaveTextContent(REGISTER_MESSAGES.closedNotice);
    const form = screen.getByRole('form', { name: 'Mark Ana Lee' });
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Mark for Ana Lee' }), 'PRESENT');
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason for the change/ }), 'Signed the paper sheet{Enter}');
    expect(await screen.findAllByText(REGISTER_MESSAGES.closedNotice)).toHaveLength(2);
    expect(form).toHaveTextContent('Ana Lee: Absent');
  });
});

describe('SessionRegister of an online session', () => {
  it('offers to import the participant report once the session has ended, and not for an on-site one', async () => {
    mockRoutes({ adminSessionRegister: () => ({ ended: true, month_closed: false, data: [] }) }, { user: ADMIN });
    const online: LiveSession = { ...session, id_slug: 's2', mode: 'ONLINE', meeting_url: 'https://meet.google.com/abc', place: null };
    const { unmount } = renderWithApi(<SessionRegister cohortId="h1" session={online} />);
    const open = await screen.findByRole('button', { name: 'Import attendance report' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(await screen.findByRole('form', { name: 'Import attendance report for Cleanroom visit' })).toBeInTheDocument();
    unmount();
    renderWithApi(<SessionRegister cohortId="h1" session={session} />);
    expect(await screen.findByText('The cohort has no trainees yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import attendance report' })).not.toBeInTheDocument();
  });
});

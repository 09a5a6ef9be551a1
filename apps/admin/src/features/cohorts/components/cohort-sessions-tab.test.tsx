import { LIVE_SESSION_MESSAGES, type CohortInstructor, type LiveSession } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortSessionsTab } from './cohort-sessions-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = aCohort();
const farid: CohortInstructor = { id_slug: 'u1', first_name: 'Farid', last_name: 'Tan', email: 'farid@x.io', role: 'INSTRUCTOR' };

/** An API keeping the cohort's sessions as the server would; an online session without a link is refused. */
function school(initial: LiveSession[], more: Parameters<typeof mockRoutes>[0] = {}) {
  let current = [...initial];
  return mockRoutes(
    {
      adminCohortSessions: () => ({ data: current }),
      adminCohortInstructors: () => ({ data: [farid] }),
      adminAttendanceRegisters: () => ({ data: [], closed_months: [] }),
      adminAttendanceCorrections: () => ({ data: [] }),
      adminCreateSession: (call) => {
        const b = call.body as Record<string, unknown>;
        if (b.mode === 'ONLINE' && !b.meeting_url)
          return reply(400, { message: 'Invalid input', errors: { meeting_url: LIVE_SESSION_MESSAGES.meetingUrlRequired } });
        const s: LiveSession = {
          id_slug: 's9',
          title: String(b.title),
          starts_at: String(b.starts_at),
          ends_at: String(b.starts_at),
          duration_minutes: Number(b.duration_minutes),
          mode: b.mode as LiveSession['mode'],
          meeting_url: (b.meeting_url as string) ?? null,
          place: (b.place as string) ?? null,
          mandatory: Boolean(b.mandatory),
          cancelled_at: null,
          attendance_threshold_percent: Number(b.attendance_threshold_percent),
          facilitators: (b.facilitator_id_slugs as string[]).includes('u1')
            ? [{ id_slug: 'u1', first_name: 'Farid', last_name: 'Tan' }]
            : [],
        };
        current = [...current, s];
        return reply(201, s);
      },
      adminCancelSession: () => {
        current = current.map((s) => ({ ...s, cancelled_at: '2025-09-02T00:00:00.000Z' }));
        return current[0];
      },
      ...more,
    },
    { user: ADMIN },
  );
}

const onsite: LiveSession = {
  id_slug: 's1',
  title: 'Cleanroom visit',
  starts_at: '2025-09-10T01:00:00.000Z',
  ends_at: '2025-09-10T03:00:00.000Z',
  duration_minutes: 120,
  mode: 'ON_SITE',
  meeting_url: null,
  place: 'Penang lab 2',
  mandatory: true,
  cancelled_at: null,
  facilitators: [],
  attendance_threshold_percent: 75,
};

describe('CohortSessionsTab', () => {
  it("schedules an online session with a facilitator, shows the server's refusal by the field, and tells what happened", async () => {
    const api = school([]);
    renderWithApi(<CohortSessionsTab cohort={cohort} />);
    expect(await screen.findByText(/No session is scheduled yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Title/ }), 'Lithography live');
    await userEvent.type(screen.getByLabelText(/Starts/), '2025-09-15T10:00');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Farid Tan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Schedule session' }));
    expect(await screen.findByText(LIVE_SESSION_MESSAGES.meetingUrlRequired)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Meeting link/ }), 'https://meet.google.com/abc-defg-hij');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule session' }));
    expect(await screen.findByText(/Lithography live is scheduled for/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(list).toHaveTextContent('Lithography live');
    expect(list).toHaveTextContent('Farid Tan');
    const sent = api.calls.filter((c) => c.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      mode: 'ONLINE',
      meeting_url: 'https://meet.google.com/abc-defg-hij',
      place: null,
      facilitator_id_slugs: ['u1'],
      duration_minutes: 60,
    });
    expect(new Date(String(sent.starts_at)).getTime()).toBe(new Date('2025-09-15T10:00').getTime());
  });

  it('cancels a session after a confirmation, and it stays listed as cancelled', async () => {
    const api = school([onsite]);
    renderWithApi(<CohortSessionsTab cohort={cohort} />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(list).toHaveTextContent('On site · Penang lab 2');
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel Cleanroom visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText('Cleanroom visit is cancelled.')).toBeInTheDocument();
    expect(await screen.findByText(/\(cancelled\)/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['cohorts/admin/h1/sessions/s1/cancel']);
  });

  it("shows an on-site session's check-in code and its QR for the room's screen; an online one has none", async () => {
    const online: LiveSession = {
      ...onsite,
      id_slug: 's2',
      title: 'Online Q&A',
      mode: 'ONLINE',
      place: null,
      meeting_url: 'https://zoom.us/j/1',
    };
    school([onsite, online], {
      adminSessionCheckInCode: () => ({
        data: {
          code: '482913',
          changes_at: '2025-09-10T01:00:30.000Z',
          valid_until: '2025-09-10T01:01:00.000Z',
          period_seconds: 30,
          check_in_url: 'http://learn.test/class/c1?check_in=s1&code=482913',
          qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      }),
    });
    renderWithApi(<CohortSessionsTab cohort={cohort} />);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).queryByRole('button', { name: 'Check-in code for Online Q&A' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Check-in code for Cleanroom visit' }));
    const panel = await screen.findByRole('region', { name: 'Check-in code: Cleanroom visit' });
    expect(await within(panel).findByText('482913')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: /QR code/ })).toHaveAttribute('src', expect.stringContaining('data:image/svg+xml'));
    expect(panel).toHaveTextContent('It changes every 30 seconds');
  });
});

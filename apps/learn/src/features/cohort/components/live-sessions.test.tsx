import { CHECK_IN_MESSAGES, type StudentAttendance, type StudentLiveSession } from '@school/contracts';
import { reply } from '@school/ui/testing';
import userEvent from '@testing-library/user-event';
import { screen, within } from '@testing-library/react';
import { cohortView } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const NONE = { attended: 0, counted: 0, percent: null };
const noAttendance: StudentAttendance = { overall: NONE, this_month: NONE, remaining: 0, threshold_percent: 75 };

function session(over: Partial<StudentLiveSession>): StudentLiveSession {
  return {
    id_slug: 's1',
    title: 'Session',
    starts_at: at(2 * HOUR),
    ends_at: at(3 * HOUR),
    link_opens_at: at(2 * HOUR - 15 * 60_000),
    duration_minutes: 60,
    mode: 'ONLINE',
    meeting_url: null,
    place: null,
    mandatory: true,
    cancelled: false,
    facilitators: [{ id_slug: 'u1', first_name: 'Farid', last_name: 'Tan' }],
    my_status: null,
    ...over,
  };
}

describe('the class page’s live sessions', () => {
  it('shows the join link the server gives, when the link opens otherwise, the place of an on-site one, and leaves out past sessions', async () => {
    renderApp('/class/k1', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSessions: () => ({
        data: [
          session({ id_slug: 'past', title: 'Yesterday', starts_at: at(-26 * HOUR), ends_at: at(-25 * HOUR) }),
          session({ id_slug: 'now', title: 'Lithography live', starts_at: at(-HOUR / 6), meeting_url: 'https://zoom.us/j/1' }),
          session({ id_slug: 'later', title: 'Etching live' }),
          session({ id_slug: 'site', title: 'Cleanroom visit', mode: 'ON_SITE', place: 'Penang lab 2', mandatory: false }),
          session({ id_slug: 'off', title: 'Called off', cancelled: true }),
        ],
        attendance: noAttendance,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Live sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('strong')?.textContent)).toEqual([
      'Lithography live',
      'Etching live',
      'Cleanroom visit',
      'Called off',
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Join the online session' })).toHaveAttribute('href', 'https://zoom.us/j/1');
    expect(items[1]).toHaveTextContent('Online · the link opens at');
    expect(within(items[1]).queryByRole('link')).toBeNull();
    expect(items[2]).toHaveTextContent('optional');
    expect(items[2]).toHaveTextContent('On site · Penang lab 2');
    expect(items[3]).toHaveTextContent('(cancelled)');
    expect(within(items[3]).queryByRole('link')).toBeNull();
    expect(items[0]).toHaveTextContent('with Farid Tan');
  });

  it("shows the trainee's attendance this month and overall, what reaching 75% takes, and each past session's mark", async () => {
    renderApp('/class/k1', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSessions: () => ({
        data: [
          session({ id_slug: 'a', title: 'Masks', starts_at: at(-50 * HOUR), ends_at: at(-49 * HOUR), my_status: 'PRESENT' }),
          session({ id_slug: 'b', title: 'Resists', starts_at: at(-26 * HOUR), ends_at: at(-25 * HOUR), my_status: 'ABSENT' }),
          session({ id_slug: 'c', title: 'Etching live' }),
        ],
        attendance: {
          overall: { attended: 4, counted: 5, percent: 80 },
          this_month: { attended: 1, counted: 2, percent: 50 },
          remaining: 3,
          threshold_percent: 75,
        },
      }),
    });
    const box = await screen.findByRole('region', { name: 'Your attendance' });
    expect(box).toHaveTextContent('This month50% · 1 of 2 sessions');
    expect(box).toHaveTextContent('Overall80% · 4 of 5 sessions');
    expect(box).toHaveTextContent('Attend 2 of the remaining 3 sessions to reach 75%.');
    const past = within(box).getByRole('list', { name: 'Past sessions' });
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([expect.stringMatching(/^Resists.* · Absent$/), expect.stringMatching(/^Masks.* · Present$/)]);
    expect(within(screen.getByRole('list', { name: 'Live sessions' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says nothing of attendance in a class without mandatory sessions', async () => {
    renderApp('/class/k1', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSessions: () => ({ data: [session({ mandatory: false })], attendance: noAttendance }),
    });
    await screen.findByRole('list', { name: 'Live sessions' });
    expect(screen.queryByRole('region', { name: 'Your attendance' })).toBeNull();
  });

  it('checks in to an on-site session with the code from the QR address, and shows the mark', async () => {
    let checkedIn = false;
    const onSite = (status: StudentLiveSession['my_status']) =>
      session({
        id_slug: 'lab',
        title: 'Cleanroom',
        mode: 'ON_SITE',
        place: 'Lab 2',
        starts_at: at(-HOUR / 12),
        link_opens_at: at(-HOUR / 3),
        my_status: status,
      });
    const { calls } = renderApp('/class/k1?check_in=lab&code=123456', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSessions: () => ({ data: [onSite(checkedIn ? 'PRESENT' : null)], attendance: noAttendance }),
      userSessionCheckIn: () => ((checkedIn = true), { status: 'PRESENT', message: 'You are checked in. Welcome!' }),
    });
    const form = await screen.findByRole('form', { name: 'Check in to Cleanroom' });
    expect(within(form).getByRole('textbox', { name: 'Check-in code' })).toHaveValue('123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in · Present')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['cohorts/k1/sessions/lab/check-in', { code: '123456' }],
    ]);
  });

  it("shows a refused code's reason under the field", async () => {
    renderApp('/class/k1', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSessions: () => ({
        data: [session({ id_slug: 'lab', title: 'Cleanroom', mode: 'ON_SITE', place: 'Lab 2', link_opens_at: at(-HOUR / 3) })],
        attendance: noAttendance,
      }),
      userSessionCheckIn: () => reply(400, { message: CHECK_IN_MESSAGES.wrongCode, errors: { code: CHECK_IN_MESSAGES.wrongCode } }),
    });
    const form = await screen.findByRole('form', { name: 'Check in to Cleanroom' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Check-in code' }), '999999');
    await userEvent.click(within(form).getByRole('button', { name: 'Check in' }));
    expect(await within(form).findByText(CHECK_IN_MESSAGES.wrongCode)).toBeInTheDocument();
  });
});

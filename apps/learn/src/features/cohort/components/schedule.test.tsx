import type { ScheduleEntry, StudentScheduleResponse } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cohortView as baseView, grade } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { formatMalaysiaDateTime, malaysiaDate } from '../../../lib/school-time';
import { formatDaySpan, NOTHING_THIS_WEEK } from './schedule';

// Wednesday 17 March 2027, 10:00 in Malaysia: week 3 of a programme that starts on Monday 1 March.
const NOW = new Date('2027-03-17T02:00:00Z');

beforeEach(() => {
  // Only the clock is fixed: the screen's own timers (and the waits on it) run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function entry(kind: ScheduleEntry['kind'], title: string, at: string, over: Partial<ScheduleEntry> = {}): ScheduleEntry {
  return { kind, title, at, course_id_slug: null, lesson_id_slug: null, session_id_slug: null, own_date: false, ...over };
}
const quiz = { course_id_slug: 'course-1', lesson_id_slug: 'rtl-quiz' };

const PHASES: StudentScheduleResponse['data']['phases'] = [
  { key: 'ONLINE', title: 'Online', length_days: 119, start_date: '2027-03-01', end_date: '2027-06-27' },
  { key: 'OJT', title: 'OJT', length_days: 112, start_date: '2027-06-28', end_date: '2027-10-17' },
  { key: 'CAREER', title: 'Career support', length_days: 60, start_date: '2027-10-18', end_date: '2027-12-16' },
];

const ENTRIES: ScheduleEntry[] = [
  entry('GRADE_OPEN', 'Pre-course survey', '2027-02-20T01:00:00Z'),
  // Midnight on 1 March in Malaysia is still 28 February in UTC: it is the programme's first day.
  entry('PHASE_START', 'Online', '2027-02-28T16:00:00Z'),
  entry('GRADE_OPEN', 'RTL quiz', '2027-03-03T01:00:00Z', quiz),
  entry('SESSION', 'Lithography live', '2027-03-16T06:00:00Z', { session_id_slug: 's-litho' }),
  entry('GRADE_DEADLINE', 'RTL quiz', '2027-03-17T01:00:00Z', quiz),
  entry('GRADE_LATE_DEADLINE', 'RTL quiz', '2027-03-21T15:59:00Z', { ...quiz, own_date: true }),
  // 01:00 on Monday 22 March in Malaysia (Sunday in UTC): week 4.
  entry('GRADE_OPEN', 'UART project', '2027-03-21T17:00:00Z', { course_id_slug: 'course-1', lesson_id_slug: 'uart' }),
  entry('GRADE_RESULTS', 'RTL quiz', '2027-03-24T01:00:00Z', quiz),
  entry('SESSION', 'Etching live', '2027-03-24T03:00:00Z', { session_id_slug: 's-etch' }),
  entry('PHASE_START', 'OJT', '2027-06-27T16:00:00Z'),
  entry('GRADE_DEADLINE', 'Outcome survey', '2028-01-15T01:00:00Z'),
];

// The class is open through the whole programme (the shared fixture's access ends before NOW).
const cohortView: typeof baseView = (over = {}) => baseView({ end_access_date: '2028-06-01T00:00:00Z', ...over });

const schedule =
  (entries = ENTRIES, phases = PHASES) =>
  () => ({ data: { phases, entries } });

const rowTexts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the class page’s Schedule tab', () => {
  it('lists the phases, then the dates by phase and week in Malaysia time, earlier weeks folded away', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1?tab=1', { userCohortView: () => ({ data: cohortView() }), userCohortSchedule: schedule() });
    expect(await screen.findByRole('tab', { name: 'Schedule', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Learn', 'Schedule']);
    const phases = await screen.findByRole('list', { name: 'Your phases' });
    expect(rowTexts(phases)).toEqual([
      'Online1 March 2027 to 27 June 2027Now',
      'OJT28 June 2027 to 17 October 2027',
      'Career support18 October 2027 to 16 December 2027',
    ]);

    // This week and what follows; weeks 1 and 2 and the time before the programme are behind the student.
    const groups = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    const weeks = () => screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(groups()).toEqual(['Online', 'OJT', 'After the programme']);
    expect(weeks()).toEqual(['Week 3 · 15–21 Mar 2027', 'Week 4 · 22–28 Mar 2027', 'Week 18 · 28 Jun – 4 Jul 2027']);
    const week3 = screen.getByRole('region', { name: 'Week 3 · 15–21 Mar 2027' });
    expect(rowTexts(week3)).toEqual([
      '16 March 2027, 2:00 PMLive sessionLive session: Lithography live',
      '17 March 2027, 9:00 AMDeadlineDeadline: RTL quiz',
      '21 March 2027, 11:59 PMLate deadlineYour own dateLate deadline: RTL quiz',
    ]);
    const week4 = screen.getByRole('region', { name: 'Week 4 · 22–28 Mar 2027' });
    expect(rowTexts(week4)).toEqual([
      '22 March 2027, 1:00 AMOpensOpens: UART project',
      '24 March 2027, 9:00 AMResultsResults: RTL quiz',
      '24 March 2027, 11:00 AMLive sessionLive session: Etching live',
    ]);
    expect(within(screen.getByRole('region', { name: 'OJT' })).getByText('28 June 2027, 12:00 AM')).toBeInTheDocument();
    expect(rowTexts(screen.getByRole('list', { name: 'After the programme' }))).toEqual(['15 January 2028, 9:00 AMDeadlineOutcome survey']);
    expect(screen.queryByText('Pre-course survey')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show earlier weeks' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide earlier weeks' })).toHaveAttribute('aria-expanded', 'true');
    expect(groups()).toEqual(['Before the programme', 'Online', 'OJT', 'After the programme']);
    expect(weeks()[0]).toBe('Week 1 · 1–7 Mar 2027');
    expect(rowTexts(screen.getByRole('list', { name: 'Before the programme' }))).toEqual([
      '20 February 2027, 9:00 AMOpensPre-course survey',
    ]);
    expect(rowTexts(screen.getByRole('region', { name: 'Week 1 · 1–7 Mar 2027' }))).toEqual([
      '1 March 2027, 12:00 AMPhase startsOnline',
      '3 March 2027, 9:00 AMOpensOpens: RTL quiz',
    ]);
  });

  it('marks only the dates that are the student’s own', async () => {
    renderApp('/class/k1?tab=1', { userCohortView: () => ({ data: cohortView() }), userCohortSchedule: schedule() });
    const week3 = await screen.findByRole('region', { name: 'Week 3 · 15–21 Mar 2027' });
    const rows = within(week3).getAllByRole('listitem');
    expect(rows.map((r) => within(r).queryByText('Your own date') !== null)).toEqual([false, false, true]);
    expect(screen.getAllByText('Your own date')).toHaveLength(1);
  });

  it('leads to the lesson and to the class’s live sessions, and a date with nowhere to go is plain text', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1?tab=1', {
      userCohortView: () => ({ data: cohortView() }),
      userCohortSchedule: schedule(),
      userCohortSessions: () => ({
        data: [],
        attendance: {
          overall: { attended: 0, counted: 0, percent: null },
          this_month: { attended: 0, counted: 0, percent: null },
          remaining: 0,
          threshold_percent: 75,
        },
      }),
    });
    expect(await screen.findByRole('link', { name: 'Deadline: RTL quiz' })).toHaveAttribute(
      'href',
      '/class/k1/course/course-1/lesson/rtl-quiz',
    );
    expect(screen.getByRole('link', { name: 'Opens: UART project' })).toHaveAttribute('href', '/class/k1/course/course-1/lesson/uart');
    expect(screen.getByRole('link', { name: 'Live session: Etching live' })).toHaveAttribute('href', '/class/k1#session-s-etch');
    const after = screen.getByRole('list', { name: 'After the programme' });
    expect(within(after).queryByRole('link')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Live session: Lithography live' }));
    expect(await screen.findByRole('tab', { name: 'Learn', selected: true })).toBeInTheDocument();
  });

  it('lists an ended class’s dates without leading to its locked lessons', async () => {
    renderApp('/class/k1?tab=1', {
      userCohortView: () => ({ data: cohortView({ end_access_date: '2027-03-01T00:00:00Z' }) }),
      userCohortSchedule: schedule(),
    });
    const week3 = await screen.findByRole('region', { name: 'Week 3 · 15–21 Mar 2027' });
    expect(within(week3).getAllByText('RTL quiz', { selector: 'p' })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /RTL quiz/ })).toBeNull();
  });
});

describe('the class page’s This week card', () => {
  it('lists what falls from today to 7 days from now, soonest first, and leads to the whole schedule with one read', async () => {
    const user = userEvent.setup();
    const view = cohortView({ user_grades_part: [grade('a', 'PENDING', 'OPEN')] });
    const { calls } = renderApp('/class/k1', { userCohortView: () => ({ data: view }), userCohortSchedule: schedule() });
    const list = await screen.findByRole('list', { name: 'Due this week' });
    // Yesterday's session is gone, this morning's deadline stays, and 11:00 a week on is too far.
    expect(rowTexts(list)).toEqual([
      '17 March 2027, 9:00 AMDeadlineDeadline: RTL quiz',
      '21 March 2027, 11:59 PMLate deadlineYour own dateLate deadline: RTL quiz',
      '22 March 2027, 1:00 AMOpensOpens: UART project',
      '24 March 2027, 9:00 AMResultsResults: RTL quiz',
    ]);
    expect(within(list).getByRole('link', { name: 'Deadline: RTL quiz' })).toHaveAttribute(
      'href',
      '/class/k1/course/course-1/lesson/rtl-quiz',
    );
    const more = screen.getByRole('link', { name: 'See the whole schedule' });
    // Schedule is the last tab: after Learn and Grades here.
    expect(more).toHaveAttribute('href', '/class/k1?tab=2');
    await user.click(more);
    expect(await screen.findByRole('tab', { name: 'Schedule', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Week 3 · 15–21 Mar 2027' })).toBeInTheDocument();
    expect(calls.filter((c) => c.name === 'userCohortSchedule').map((c) => c.path)).toEqual(['cohorts/k1/user/u1/schedule']);
  });

  it('lists at most six, soonest first', async () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      entry('GRADE_DEADLINE', `Quiz ${i + 1}`, new Date(NOW.getTime() + (8 - i) * 3_600_000).toISOString(), {
        course_id_slug: 'course-1',
        lesson_id_slug: `q${i + 1}`,
      }),
    );
    renderApp('/class/k1', { userCohortView: () => ({ data: cohortView() }), userCohortSchedule: schedule(many) });
    const list = await screen.findByRole('list', { name: 'Due this week' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Quiz 8', 'Quiz 7', 'Quiz 6', 'Quiz 5', 'Quiz 4', 'Quiz 3'].map((t) => `Deadline: ${t}`));
    expect(screen.getByText('And 2 more this week.')).toBeInTheDocument();
  });

  it('says when nothing is due in the coming 7 days', async () => {
    const quiet = ENTRIES.filter(
      (e) => Date.parse(e.at) < Date.parse('2027-03-16T16:00:00Z') || Date.parse(e.at) > Date.parse('2027-03-24T02:00:00Z'),
    );
    renderApp('/class/k1', { userCohortView: () => ({ data: cohortView() }), userCohortSchedule: schedule(quiet) });
    const card = await screen.findByRole('region', { name: 'This week' });
    expect(await within(card).findByText(NOTHING_THIS_WEEK)).toBeInTheDocument();
    expect(within(card).queryByRole('list')).toBeNull();
    expect(within(card).getByRole('link', { name: 'See the whole schedule' })).toHaveAttribute('href', '/class/k1?tab=1');
  });
});

describe('the schedule’s dates', () => {
  it('writes a week short, across a month and a year too', () => {
    expect(formatDaySpan('2027-03-15', '2027-03-21')).toBe('15–21 Mar 2027');
    expect(formatDaySpan('2027-03-29', '2027-04-04')).toBe('29 Mar – 4 Apr 2027');
    expect(formatDaySpan('2027-12-27', '2028-01-02')).toBe('27 Dec 2027 – 2 Jan 2028');
    expect(formatDaySpan('2027-12-16', '2027-12-16')).toBe('16 Dec 2027');
  });

  it('reads a moment on Malaysia’s clock whatever zone the device is in', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(malaysiaDate('2027-03-21T17:00:00Z')).toBe('2027-03-22');
      expect(formatMalaysiaDateTime('2027-03-21T17:00:00Z')).toBe('22 March 2027, 1:00 AM');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

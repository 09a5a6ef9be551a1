import {
  CLOSURE_ORDER_MESSAGE,
  type SchoolClosureItem,
  type Student,
  type Timeline,
  TIMELINE_BAD_TIME_MESSAGE,
  type TimelineChange,
  type TimelineEntry,
  type TimelinePreview,
  type User,
} from '@school/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { aCohort } from '../../../test/cohort-fixture';
import { CohortTimelineTab } from './cohort-timeline-tab';

afterEach(() => vi.unstubAllGlobals());

const cohort = aCohort();
const INSTRUCTOR: User = { id_slug: 'u1', first_name: 'Farid', last_name: 'Tan', email: 'farid@x.io', role: 'INSTRUCTOR' };

const entry = (over: Partial<TimelineEntry> & Pick<TimelineEntry, 'item_key' | 'title' | 'at'>): TimelineEntry => ({
  kind: 'GRADE_DEADLINE',
  rule: null,
  rule_text: 'Fixed date',
  phase: 'ONLINE',
  ...over,
});

const quizDeadline = entry({
  item_key: 'grade:l1:deadline',
  title: 'Quiz 1 deadline',
  // 23:59 on Friday 19 March in Malaysia: day 18 of a programme starting Monday 1 March, week 3.
  at: '2027-03-19T15:59:00.000Z',
  rule: { anchor: { kind: 'COHORT_START' }, offset: { amount: 18, unit: 'DAYS', at: '23:59' } },
  rule_text: 'Cohort start + 18 days at 23:59',
});

const timeline: Timeline = {
  cohort_id_slug: 'h1',
  start_date: '2027-03-01',
  holiday_state: '07',
  phases: [
    { key: 'ONLINE', title: 'Online', length_days: 119, start_date: '2027-03-01', end_date: '2027-06-27' },
    { key: 'OJT', title: 'OJT', length_days: 112, start_date: '2027-06-28', end_date: '2027-10-17' },
    { key: 'CAREER', title: 'Career support', length_days: 60, start_date: '2027-10-18', end_date: '2027-12-16' },
  ],
  entries: [
    entry({ item_key: 'session:s0', kind: 'SESSION', title: 'Orientation briefing', at: '2027-02-25T02:00:00.000Z', phase: null }),
    entry({ item_key: 'phase:ONLINE:start', kind: 'PHASE_START', title: 'Online starts', at: '2027-02-28T16:00:00.000Z' }),
    entry({
      item_key: 'grade:l1:open',
      kind: 'GRADE_OPEN',
      title: 'Quiz 1 opens',
      at: '2027-03-01T01:00:00.000Z',
      rule: { anchor: { kind: 'COHORT_START' }, offset: { amount: 0, unit: 'DAYS', at: '09:00' } },
      rule_text: 'Cohort start at 09:00',
    }),
    quizDeadline,
    entry({
      item_key: 'grade:p1:deadline',
      title: 'OJT report deadline',
      at: '2027-07-11T15:59:00.000Z',
      phase: 'OJT',
      rule: { anchor: { kind: 'PHASE_START', phase: 'OJT' }, offset: { amount: 2, unit: 'WEEKS', at: '23:59' } },
      rule_text: 'OJT start + 2 weeks at 23:59',
    }),
    entry({
      item_key: 'grade:p1:result',
      kind: 'GRADE_RESULTS',
      title: 'Certificate results',
      at: '2028-01-10T01:00:00.000Z',
      phase: null,
    }),
  ],
  shifts: [],
};

const TOO_SHORT = 'Too small: expected number to be >=1';

const ben: Student = {
  id_slug: 'u9',
  first_name: 'Ben',
  last_name: 'Ong',
  email: 'ben@x.io',
  cohort_enrollment: null,
  enrolment_status: 'ACTIVE',
  latest_access_datetime: null,
  completion_percentage: 0,
  is_suspended: false,
};
const others: Student[] = Array.from({ length: 100 }, (_, i) => ({
  ...ben,
  id_slug: `o${i}`,
  first_name: 'Trainee',
  last_name: `No ${i}`,
  email: `t${i}@x.io`,
}));

/**
 * An API keeping one cohort's timeline and the school's closures as the server would: a preview
 * answers `preview` and saves nothing; a save takes the change's start date; a time of day that is
 * no 24-hour time is refused by field, as is a closure that ends before it starts.
 */
function school({ user = ADMIN as User, preview = { moves: [], students_to_tell: 0 } as TimelinePreview } = {}) {
  let current: Timeline = structuredClone(timeline);
  let closures: SchoolClosureItem[] = [{ id_slug: 'c1', from: '2027-04-05', to: '2027-04-06', title: 'Staff retreat' }];
  const badTime = (body: TimelineChange) =>
    body.rules?.some((r) => r.rule && 'offset' in r.rule && r.rule.offset.at && !/^([01]\d|2[0-3]):[0-5]\d$/.test(r.rule.offset.at));
  return mockRoutes(
    {
      adminCohortTimeline: () => ({ data: current }),
      adminSchoolClosures: () => ({ data: closures }),
      // A hundred and one students: Ben, the last, is found by searching, not in the first hundred.
      adminCohortStudents: (call) => {
        const term = call.query.get('search_query')?.toLowerCase();
        const all = [...others, ben];
        const found = term ? all.filter((s) => `${s.first_name} ${s.last_name} ${s.email}`.toLowerCase().includes(term)) : all;
        return { data: found.slice(0, 100), count: found.length };
      },
      adminPreviewTimeline: (call) => {
        const body = call.body as TimelineChange;
        const short = body.phases?.findIndex((p) => !(p.length_days >= 1)) ?? -1;
        if (short >= 0) return reply(400, { message: TOO_SHORT, errors: { [`phases.${short}.length_days`]: TOO_SHORT } });
        if (badTime(body))
          return reply(400, { message: TIMELINE_BAD_TIME_MESSAGE, errors: { 'rules.0.rule.offset.at': TIMELINE_BAD_TIME_MESSAGE } });
        return { data: preview };
      },
      adminSaveTimeline: (call) => {
        const body = call.body as TimelineChange;
        current = { ...current, start_date: body.start_date ?? current.start_date };
        return { data: current, moved: preview.moves.length, students_told: preview.students_to_tell };
      },
      adminPreviewTimelineShift: () => ({ data: preview }),
      adminSaveTimelineShift: (call) => {
        const b = call.body as { user_id_slug: string; phase: 'OJT'; days: number; reason: string };
        current = {
          ...current,
          shifts: b.days
            ? [
                {
                  user_id_slug: b.user_id_slug,
                  first_name: 'Ben',
                  last_name: 'Ong',
                  phase: b.phase,
                  days: b.days,
                  reason: b.reason,
                  break_days: 0,
                },
              ]
            : [],
        };
        return { data: current, moved: preview.moves.length, students_told: 1 };
      },
      adminAddSchoolClosure: (call) => {
        const b = call.body as { from: string; to: string; title: string };
        if (b.to < b.from) return reply(400, { message: CLOSURE_ORDER_MESSAGE, errors: { to: CLOSURE_ORDER_MESSAGE } });
        closures = [...closures, { id_slug: 'c2', ...b }];
        return reply(201, { data: closures });
      },
    },
    { user },
  );
}

const moved: TimelinePreview = {
  moves: [
    { item_key: 'grade:l1:deadline', title: 'Quiz 1 deadline', before: '2027-03-19T15:59:00.000Z', after: '2027-03-26T15:59:00.000Z' },
    { item_key: 'grade:l1:open', title: 'Quiz 1 opens', before: '2027-03-01T01:00:00.000Z', after: '2027-03-08T01:00:00.000Z' },
  ],
  students_to_tell: 30,
};

describe('CohortTimelineTab', () => {
  it("lists the dates under their phase and the programme's week, with each one's rule", async () => {
    school();
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    const week3 = await screen.findByRole('list', { name: 'Online, Week 3 · 15–21 Mar 2027' });
    expect(week3).toHaveTextContent('Quiz 1 deadline');
    expect(week3).toHaveTextContent('19 March 2027, 11:59 PM · Cohort start + 18 days at 23:59');
    expect(week3).not.toHaveTextContent('Quiz 1 opens');
    expect(screen.getByRole('list', { name: 'Online, Week 1 · 1–7 Mar 2027' })).toHaveTextContent('Quiz 1 opens');
    expect(screen.getByRole('list', { name: 'OJT, Week 19 · 5–11 Jul 2027' })).toHaveTextContent(
      'OJT report deadline11 July 2027, 11:59 PM · OJT start + 2 weeks at 23:59',
    );
    expect(screen.getByRole('list', { name: 'Before the programme' })).toHaveTextContent('Orientation briefing');
    expect(screen.getByRole('list', { name: 'After the programme' })).toHaveTextContent('Certificate results');
    const dates = screen.getByRole('region', { name: 'Dates' });
    const headings = within(dates)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Before the programme', 'Online', 'OJT', 'After the programme']);

    const phases = screen.getByRole('list', { name: 'Phases' });
    expect(phases).toHaveTextContent('Online · 119 days · 1 March 2027 – 27 June 2027');
    expect(phases).toHaveTextContent('Career support · 60 days · 18 October 2027 – 16 December 2027');
    expect(screen.getByText('Penang')).toBeInTheDocument();
    // A phase's first day is worked out from the phases: it has no rule of its own to change.
    expect(screen.getByRole('button', { name: 'Change date rule for Quiz 1 deadline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change date rule for Online starts' })).not.toBeInTheDocument();
  });

  it('previews a new start date (sending only what changed), then saves it and says what moved and who was told', async () => {
    const api = school({
      preview: { ...moved, moves: [...moved.moves, ...Array.from({ length: 10 }, (_, i) => ({ ...moved.moves[0], item_key: `k${i}` }))] },
    });
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change the start, holidays or phases' }));
    const form = screen.getByRole('form', { name: 'Start, holidays and phases' });
    fireEvent.change(within(form).getByLabelText(/^Start date/), { target: { value: '2027-03-08' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));

    const preview = await screen.findByRole('region', { name: 'Preview of the change' });
    expect(within(preview).getByRole('list', { name: 'Dates that move' })).toHaveTextContent(
      'Quiz 1 deadline: 19 March 2027, 11:59 PM → 26 March 2027, 11:59 PM',
    );
    expect(preview).toHaveTextContent('Quiz 1 opens: 1 March 2027, 9:00 AM → 8 March 2027, 9:00 AM');
    expect(preview).toHaveTextContent('30 students will get one email listing their changes.');
    expect(api.calls.filter((c) => c.name === 'adminSaveTimeline')).toHaveLength(0);
    expect(api.calls.find((c) => c.name === 'adminPreviewTimeline')?.body).toEqual({ start_date: '2027-03-08' });

    await userEvent.click(within(preview).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Timeline saved: 12 dates moved, 30 students told.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'adminSaveTimeline')?.body).toEqual({ start_date: '2027-03-08' });
    expect(await screen.findByText('8 March 2027')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Preview of the change' })).not.toBeInTheDocument();
  });

  it("changes one date's rule; a preview that moves nothing says so, and Cancel saves nothing", async () => {
    const api = school();
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change date rule for Quiz 1 deadline' }));
    const form = screen.getByRole('form', { name: 'Date rule of Quiz 1 deadline' });
    expect(within(form).getByLabelText(/^Counted from/)).toHaveDisplayValue('Cohort start');
    await userEvent.selectOptions(within(form).getByLabelText(/^Counted from/), 'Quiz 1 opens');
    const amount = within(form).getByLabelText(/^Amount/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '-2');
    await userEvent.selectOptions(within(form).getByLabelText(/^Unit/), 'School days');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));

    const preview = await screen.findByRole('region', { name: 'Preview of the new rule of Quiz 1 deadline' });
    expect(preview).toHaveTextContent('Nothing moves.');
    expect(api.calls.find((c) => c.name === 'adminPreviewTimeline')?.body).toEqual({
      rules: [
        {
          item_key: 'grade:l1:deadline',
          rule: { anchor: { kind: 'ITEM', item_key: 'grade:l1:open' }, offset: { amount: -2, unit: 'SCHOOL_DAYS', at: '23:59' } },
        },
      ],
    });
    await userEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'Preview of the new rule of Quiz 1 deadline' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.name === 'adminSaveTimeline')).toHaveLength(0);
  });

  it("shows the API's refusal of a field under that field", async () => {
    const api = school();
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change date rule for Quiz 1 deadline' }));
    const form = screen.getByRole('form', { name: 'Date rule of Quiz 1 deadline' });
    const amount = within(form).getByLabelText(/^Amount/);
    await userEvent.clear(amount);
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Enter a whole number'));
    expect(api.calls.some((c) => c.name === 'adminPreviewTimeline')).toBe(false);
    await userEvent.type(amount, '18');
    const at = within(form).getByLabelText(/^Time of day/);
    await userEvent.clear(at);
    await userEvent.type(at, '24:30');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    await vi.waitFor(() =>
      expect(within(form).getByLabelText(/^Time of day/)).toHaveAccessibleDescription(expect.stringContaining(TIMELINE_BAD_TIME_MESSAGE)),
    );
    expect(within(form).getByLabelText(/^Time of day/)).toBeInvalid();
    expect(screen.queryByRole('region', { name: /Preview of/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the start, holidays or phases' }));
    const header = screen.getByRole('form', { name: 'Start, holidays and phases' });
    const ojt = within(within(header).getByRole('group', { name: 'Phase 2' })).getByLabelText(/^Length/);
    await userEvent.clear(ojt);
    await userEvent.type(ojt, '0');
    await userEvent.click(within(header).getByRole('button', { name: 'Preview changes' }));
    await vi.waitFor(() => expect(ojt).toHaveAccessibleDescription(TOO_SHORT));
    expect(within(within(header).getByRole('group', { name: 'Phase 1' })).getByLabelText(/^Length/)).toBeValid();

    const closure = screen.getByRole('form', { name: 'Add a closure' });
    fireEvent.change(within(closure).getByLabelText(/^From/), { target: { value: '2027-05-10' } });
    fireEvent.change(within(closure).getByLabelText(/^To/), { target: { value: '2027-05-09' } });
    await userEvent.type(within(closure).getByRole('textbox', { name: /Title/ }), 'Flood');
    await userEvent.click(within(closure).getByRole('button', { name: 'Add closure' }));
    await vi.waitFor(() => expect(within(closure).getByLabelText(/^To/)).toHaveAccessibleDescription(CLOSURE_ORDER_MESSAGE));
  });

  it('gives one student a longer phase after a preview of their moves, and lists it with Remove', async () => {
    const api = school({ preview: { moves: [moved.moves[0]], students_to_tell: 1 } });
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    const form = await screen.findByRole('form', { name: 'Give one student a longer phase' });
    await within(form).findByRole('option', { name: 'Trainee No 0 (t0@x.io)' });
    expect(within(form).queryByRole('option', { name: 'Ben Ong (ben@x.io)' })).not.toBeInTheDocument();
    await userEvent.type(within(form).getByRole('searchbox', { name: /Find a student/ }), 'ong');
    await userEvent.selectOptions(
      within(form).getByLabelText(/^Student/),
      await within(form).findByRole('option', { name: 'Ben Ong (ben@x.io)' }),
    );
    await userEvent.selectOptions(within(form).getByLabelText(/^Phase/), 'OJT');
    await userEvent.type(within(form).getByLabelText(/^Days longer/), '14');
    await userEvent.type(within(form).getByLabelText(/^Reason/), 'Placement started late');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview changes' }));
    const preview = await screen.findByRole('region', { name: 'Preview for Ben Ong' });
    expect(preview).toHaveTextContent('1 student will get one email listing their changes.');
    await userEvent.click(within(preview).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Ben Ong's OJT is 14 days longer: 1 date moved, 1 student told.")).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'adminSaveTimelineShift')?.body).toEqual({
      user_id_slug: 'u9',
      phase: 'OJT',
      days: 14,
      reason: 'Placement started late',
    });
    const list = await screen.findByRole('list', { name: 'Longer phases' });
    expect(list).toHaveTextContent('Ben Ong: OJT + 14 days');

    await userEvent.click(within(list).getByRole('button', { name: "Remove Ben Ong's longer OJT" }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Ben Ong's OJT is as the cohort's again/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.name === 'adminSaveTimelineShift').at(-1)?.body).toMatchObject({
      user_id_slug: 'u9',
      phase: 'OJT',
      days: 0,
    });
    expect(await screen.findByText("Every student follows the cohort's phases.")).toBeInTheDocument();
  });

  it('shows an instructor the timeline and the closures with no control to change them', async () => {
    const api = school({ user: INSTRUCTOR });
    renderWithApi(<CohortTimelineTab cohort={cohort} />);
    expect(await screen.findByRole('list', { name: 'Online, Week 3 · 15–21 Mar 2027' })).toHaveTextContent('Quiz 1 deadline');
    expect(await screen.findByRole('list', { name: 'School closures' })).toHaveTextContent('Staff retreat');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.name === 'adminCohortStudents')).toBe(false);
  });
});

import { currentIntake } from '@school/catalogue/data';
import { ANALYTICS_DATE_ORDER_MESSAGE, ANALYTICS_UNKNOWN_INTAKE_MESSAGE, buildPath, routes } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { applicationWithHistory } from '../fixtures/applications-analytics.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';

const INTAKE = 'youth-programme-2027';
const OTHER = 'youth-programme-2025';
/** Times in Malaysia's time (+08:00), as the figures count days and weeks. */
const at = (day: string, time = '10:00') => `2026-${day}T${time}:00+08:00`;

let t: TestApp;
let admin: TestUser;
let admin2: TestUser;
let student: TestUser;
let instructor: TestUser;

/**
 * Five applications of the 2027 intake and one of 2025 (never counted), each sent through the public
 * form and moved by the admissions calls, then aged to these times:
 * A1 Selangor, Degree, EEE, Digital: submitted W41, reviewed, shortlisted, offered 13 Oct (8 days), accepted, enrolled.
 * A2 Selangor, Diploma, CS, Analog: submitted W41, in review, rejected 20 Oct (14 days).
 * A3 Penang, Degree, EEE, Digital: submitted W42, in review, offered 14 Oct (2 days, skipping the shortlist), declined.
 * A4 Penang, Master's, Physics, Packaging: submitted W42, in review, waitlisted 16 Oct (3 days), offered 21 Oct.
 * A5 Johor, Degree, EEE, Analog: submitted 19 Oct 01:00 in Malaysia (18 Oct in UTC), undecided.
 */
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nur', last_name: 'Aziz', email: 'nur.aziz@example.com' });
  admin2 = await createUser(t, { role: 'ADMIN', first_name: 'Priya', last_name: 'Nair', email: 'priya.nair@example.com' });
  student = await createUser(t, { role: 'STUDENT' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  const staff = { admin, reviewer: instructor };
  // The cohorts offers name: each with seats for its intake and course track.
  const course = await makeCourse(t, admin, { title: 'Analytics programme course' });
  const seatsFor = async (intake: string, track: string) => {
    const cohort = await makeCohort(t, admin, { title: `${intake} ${track}`, course_ids: [course.id_slug], start: 30, end: 150 });
    await t.http
      .put(`/api/admissions/admin/intakes/${intake}/seats/${cohort.id_slug}`)
      .set(bearer(admin))
      .send({ track, seats: 10 })
      .expect(200);
    return cohort.id_slug;
  };
  const digital = await seatsFor(INTAKE, 'Digital Design');
  const packaging = await seatsFor(INTAKE, 'Packaging');
  const digital2025 = await seatsFor(OTHER, 'Digital Design');
  const base = { highest_qualification: 'Degree', field_study: 'Electrical & Electronic Engineering' };
  await applicationWithHistory(
    t,
    staff,
    { ...base, full_name: 'Aina Rahman', email: 'aina@example.com', course: 'Digital Design', state: 'SELANGOR' },
    [
      ['SUBMITTED', at('10-05')],
      ['SCREENED', at('10-06')],
      ['IN_REVIEW', at('10-07')],
      ['SHORTLISTED', at('10-08')],
      ['OFFERED', at('10-13'), admin, 'Strong scores'],
      ['ACCEPTED', at('10-14')],
      ['ENROLLED', at('10-15')],
    ],
    { offerCohort: digital },
  );
  await applicationWithHistory(
    t,
    staff,
    {
      full_name: '=cmd|calc',
      email: 'ben@example.com',
      course: 'Analog Design',
      state: 'SELANGOR',
      highest_qualification: 'Diploma',
      field_study: 'Computer Science & Information Technology',
    },
    [
      ['SUBMITTED', at('10-06')],
      ['SCREENED', at('10-07')],
      ['IN_REVIEW', at('10-08')],
      ['REJECTED', at('10-20'), admin, '@SUM(1) "not eligible"'],
    ],
  );
  await applicationWithHistory(
    t,
    staff,
    { ...base, full_name: 'Chen Wei', email: 'chen@example.com', course: 'Digital Design', state: 'PENANG' },
    [
      ['SUBMITTED', at('10-12')],
      ['SCREENED', at('10-13')],
      ['IN_REVIEW', at('10-13', '15:00')],
      ['OFFERED', at('10-14'), admin, 'Top of the list'],
      ['DECLINED', at('10-20', '09:00')],
    ],
    { offerCohort: digital },
  );
  await applicationWithHistory(
    t,
    staff,
    {
      full_name: 'Devi Kumar',
      email: 'devi@example.com',
      course: 'Packaging',
      state: 'PENANG',
      highest_qualification: "Master's & above",
      field_study: 'Physics',
    },
    [
      ['SUBMITTED', at('10-13')],
      ['SCREENED', at('10-14')],
      ['IN_REVIEW', at('10-15')],
      ['WAITLISTED', at('10-16'), admin, 'Next in line'],
      ['OFFERED', at('10-21'), admin2, '+60 call first'],
    ],
    { offerCohort: packaging },
  );
  await applicationWithHistory(
    t,
    staff,
    { ...base, full_name: 'Eve Lim', email: 'eve@example.com', course: 'Analog Design', state: 'JOHOR' },
    [['SUBMITTED', at('10-19', '01:00')]],
  );
  await applicationWithHistory(
    t,
    staff,
    { ...base, full_name: 'Old Applicant', email: 'old@example.com', course: 'Digital Design', state: 'SELANGOR' },
    [
      ['SUBMITTED', at('10-07')],
      ['SCREENED', at('10-07', '12:00')],
      ['IN_REVIEW', at('10-08')],
      ['OFFERED', at('10-09'), admin],
      ['ACCEPTED', at('10-10')],
      ['ENROLLED', at('10-10', '10:05')],
    ],
    {
      offerCohort: digital2025,
      // Sent while the 2025 intake was open (the form files it under the intake open that day).
      submit: async (send) => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2025-07-01T03:00:00Z'));
        try {
          return await send();
        } finally {
          vi.useRealTimers();
        }
      },
    },
  );
  // The calls above queue mail: their jobs would be counted with the figures' statements.
  await jobsSettled(t);
});
afterAll(async () => t?.close());

type Name =
  | 'applicationsAnalyticsFunnel'
  | 'applicationsAnalyticsOverTime'
  | 'applicationsAnalyticsBreakdowns'
  | 'applicationsAnalyticsTimeToDecision'
  | 'applicationsAnalyticsDecisionsExport';
const NAMES: Name[] = [
  'applicationsAnalyticsFunnel',
  'applicationsAnalyticsOverTime',
  'applicationsAnalyticsBreakdowns',
  'applicationsAnalyticsTimeToDecision',
  'applicationsAnalyticsDecisionsExport',
];
const get = (name: Name, query: Record<string, string> = { intake: INTAKE }, user: TestUser | null = admin) => {
  const req = t.http.get(`/api/${buildPath(routes[name].path, {})}`).query(query);
  return user ? req.set(bearer(user)) : req;
};

describe('funnel', () => {
  it('counts the applications in each state now and how many reached each stage', async () => {
    const res = await get('applicationsAnalyticsFunnel').expect(200);
    expect(res.body.scope).toEqual({ intake: INTAKE, from: null, to: null });
    expect(res.body.intakes).toEqual([
      { value: INTAKE, label: 'Semiconductor Youth Development Programme 2027' },
      { value: OTHER, label: 'Semiconductor Youth Development Programme 2025' },
    ]);
    expect(res.body.total).toBe(5);
    expect(res.body.data).toEqual([
      { status: 'SUBMITTED', current: 1, reached: 5 },
      { status: 'SCREENED', current: 0, reached: 4 },
      // Only A1 was shortlisted: A3 went from review to an offer and A4 to the waiting list, passing the shortlist all the same.
      { status: 'IN_REVIEW', current: 0, reached: 4 },
      { status: 'SHORTLISTED', current: 0, reached: 3 },
      { status: 'OFFERED', current: 1, reached: 3 },
      { status: 'ACCEPTED', current: 0, reached: 1 },
      { status: 'ENROLLED', current: 1, reached: 1 },
      { status: 'REJECTED', current: 1, reached: 1 },
      { status: 'WAITLISTED', current: 0, reached: 1 },
      { status: 'DECLINED', current: 1, reached: 1 },
      { status: 'WITHDRAWN', current: 0, reached: 0 },
      { status: 'OFFER_EXPIRED', current: 0, reached: 0 },
    ]);
  });

  it('narrows to the applications submitted within the range, whole days in Malaysia', async () => {
    // A5 was submitted on 19 October in Malaysia (18 October in UTC): outside a range ending on the 18th.
    const res = await get('applicationsAnalyticsFunnel', { intake: INTAKE, from: '2026-10-12', to: '2026-10-18' }).expect(200);
    expect(res.body.scope).toEqual({ intake: INTAKE, from: '2026-10-12', to: '2026-10-18' });
    expect(res.body.total).toBe(2);
    const byStatus = Object.fromEntries(res.body.data.map((r: { status: string }) => [r.status, r]));
    expect(byStatus.SUBMITTED).toEqual({ status: 'SUBMITTED', current: 0, reached: 2 });
    expect(byStatus.OFFERED).toEqual({ status: 'OFFERED', current: 1, reached: 2 });
    expect(byStatus.DECLINED).toEqual({ status: 'DECLINED', current: 1, reached: 1 });
    const withA5 = await get('applicationsAnalyticsFunnel', { intake: INTAKE, from: '2026-10-19', to: '2026-10-19' }).expect(200);
    expect(withA5.body.total).toBe(1);
  });

  it('shows the current intake when none is asked for, and counts another intake apart', async () => {
    const res = await get('applicationsAnalyticsFunnel', {}).expect(200);
    expect(res.body.scope.intake).toBe(currentIntake());
    const old = await get('applicationsAnalyticsFunnel', { intake: OTHER }).expect(200);
    expect(old.body.total).toBe(1);
    expect(old.body.data.find((r: { status: string }) => r.status === 'ENROLLED')).toEqual({ status: 'ENROLLED', current: 1, reached: 1 });
  });
});

describe('over time', () => {
  it('gives each ISO week its new applications and the moves into each state', async () => {
    const res = await get('applicationsAnalyticsOverTime').expect(200);
    expect(res.body.data).toEqual([
      {
        week: '2026-W41',
        week_start: '2026-10-05',
        new_applications: 2,
        transitions: { IN_REVIEW: 2, SCREENED: 2, SHORTLISTED: 1, SUBMITTED: 2 },
      },
      {
        week: '2026-W42',
        week_start: '2026-10-12',
        new_applications: 2,
        transitions: { ACCEPTED: 1, ENROLLED: 1, IN_REVIEW: 2, OFFERED: 2, SCREENED: 2, SUBMITTED: 2, WAITLISTED: 1 },
      },
      {
        week: '2026-W43',
        week_start: '2026-10-19',
        new_applications: 1,
        transitions: { DECLINED: 1, OFFERED: 1, REJECTED: 1, SUBMITTED: 1 },
      },
    ]);
  });

  it('lists the weeks without activity between active ones, and none for an intake without applications', async () => {
    const res = await get('applicationsAnalyticsOverTime', { intake: INTAKE, from: '2026-10-05', to: '2026-10-05' }).expect(200);
    // A1 alone: submitted in W41, enrolled in W42.
    expect(res.body.data.map((w: { week: string; new_applications: number }) => [w.week, w.new_applications])).toEqual([
      ['2026-W41', 1],
      ['2026-W42', 0],
    ]);
    const none = await get('applicationsAnalyticsOverTime', { intake: INTAKE, from: '2027-01-01' }).expect(200);
    expect(none.body.data).toEqual([]);
  });
});

describe('breakdowns', () => {
  it('counts applications per state, qualification, field of study and course, with share, offers and enrolled', async () => {
    const res = await get('applicationsAnalyticsBreakdowns').expect(200);
    expect(res.body.total).toBe(5);
    expect(res.body.data).toEqual({
      state: [
        { value: 'PENANG', label: 'Penang', total: 2, share: 0.4, offered: 2, enrolled: 0 },
        { value: 'SELANGOR', label: 'Selangor', total: 2, share: 0.4, offered: 1, enrolled: 1 },
        { value: 'JOHOR', label: 'Johor', total: 1, share: 0.2, offered: 0, enrolled: 0 },
      ],
      highest_qualification: [
        { value: 'Degree', label: 'Degree', total: 3, share: 0.6, offered: 2, enrolled: 1 },
        { value: 'Diploma', label: 'Diploma', total: 1, share: 0.2, offered: 0, enrolled: 0 },
        { value: "Master's & above", label: "Master's & above", total: 1, share: 0.2, offered: 1, enrolled: 0 },
      ],
      field_study: [
        {
          value: 'Electrical & Electronic Engineering',
          label: 'Electrical & Electronic Engineering',
          total: 3,
          share: 0.6,
          offered: 2,
          enrolled: 1,
        },
        {
          value: 'Computer Science & Information Technology',
          label: 'Computer Science & Information Technology',
          total: 1,
          share: 0.2,
          offered: 0,
          enrolled: 0,
        },
        { value: 'Physics', label: 'Physics', total: 1, share: 0.2, offered: 1, enrolled: 0 },
      ],
      course: [
        { value: 'Analog Design', label: 'Analog Design', total: 2, share: 0.4, offered: 0, enrolled: 0 },
        { value: 'Digital Design', label: 'Digital Design', total: 2, share: 0.4, offered: 2, enrolled: 1 },
        { value: 'Packaging', label: 'Packaging', total: 1, share: 0.2, offered: 1, enrolled: 0 },
      ],
    });
  });

  it('answers empty lists when no application is selected', async () => {
    const res = await get('applicationsAnalyticsBreakdowns', { intake: INTAKE, from: '2027-01-01' }).expect(200);
    expect(res.body).toMatchObject({ total: 0, data: { state: [], highest_qualification: [], field_study: [], course: [] } });
  });
});

describe('time to decision', () => {
  it('gives the median, 90th percentile and mean days to the first decision, overall and per week decided', async () => {
    const res = await get('applicationsAnalyticsTimeToDecision').expect(200);
    // Days: A3 2, A4 3 (its first decision, the waitlist), A1 8, A2 14.
    expect(res.body.data).toEqual({
      decided: 4,
      undecided: 1,
      median_days: 5.5,
      p90_days: 12.2,
      mean_days: 6.75,
      weeks: [
        { week: '2026-W42', week_start: '2026-10-12', decided: 3, median_days: 3, p90_days: 7, mean_days: 4.33 },
        { week: '2026-W43', week_start: '2026-10-19', decided: 1, median_days: 14, p90_days: 14, mean_days: 14 },
      ],
    });
  });

  it('answers no figures when nothing is decided', async () => {
    const res = await get('applicationsAnalyticsTimeToDecision', { intake: INTAKE, from: '2026-10-19' }).expect(200);
    expect(res.body.data).toEqual({ decided: 0, undecided: 1, median_days: null, p90_days: null, mean_days: null, weeks: [] });
  });
});

describe('decisions export', () => {
  it('lists each decided application with its latest decision, why and by whom, formulas neutralised', async () => {
    const res = await get('applicationsAnalyticsDecisionsExport').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="decisions.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    // Each row names the application by the reference the admin screens show (first 8 characters of its id, in capitals).
    const refs: Record<string, string> = Object.fromEntries(
      (await t.ds.query(`SELECT email, id_slug FROM programme_applications`)).map((r: { email: string; id_slug: string }) => [
        r.email,
        r.id_slug.slice(0, 8).toUpperCase(),
      ]),
    );
    expect(refs['devi@example.com']).toMatch(/^[0-9A-F]{8}$/);
    expect(res.text).toBe(
      [
        '\uFEFF"Reference","Name","Email","Course","State","Status","Decision","This decision made at (Malaysia time)","First decision made at (Malaysia time)","Reason","Decided by"',
        `"${refs['devi@example.com']}","Devi Kumar","devi@example.com","Packaging","PENANG","OFFERED","OFFERED","2026-10-21 10:00","2026-10-16 10:00","'+60 call first","Priya Nair <priya.nair@example.com>"`,
        `"${refs['ben@example.com']}","'=cmd|calc","ben@example.com","Analog Design","SELANGOR","REJECTED","REJECTED","2026-10-20 10:00","2026-10-20 10:00","'@SUM(1) ""not eligible""","Nur Aziz <nur.aziz@example.com>"`,
        `"${refs['chen@example.com']}","Chen Wei","chen@example.com","Digital Design","PENANG","DECLINED","DECLINED","2026-10-20 09:00","2026-10-14 10:00","Declined by the applicant",""`,
        `"${refs['aina@example.com']}","Aina Rahman","aina@example.com","Digital Design","SELANGOR","ENROLLED","ENROLLED","2026-10-15 10:00","2026-10-13 10:00","Enrolled in the offered cohort",""`,
        '',
      ].join('\r\n'),
    );
    // The export names the applicants: each one it lists is in the audit log of views, by the admin who exported.
    const logged = await t.ds.query(
      `SELECT a.email, u.role FROM application_views v
         JOIN programme_applications a ON a.id = v.application_id JOIN users u ON u.id = v.viewer_id
        WHERE v.call = 'applicationsAnalyticsDecisionsExport' ORDER BY a.email`,
    );
    expect(logged).toEqual(
      ['aina@example.com', 'ben@example.com', 'chen@example.com', 'devi@example.com'].map((email) => ({ email, role: 'ADMIN' })),
    );
  });
});

describe('every figure', () => {
  it.each(NAMES)('%s is one SQL statement', async (name) => {
    const n = await countStatements(() => get(name).expect(200));
    expect(n).toBe(1);
  });

  it.each(NAMES)('%s refuses students, instructors and anonymous callers', async (name) => {
    await get(name, { intake: INTAKE }, null).expect(401);
    await get(name, { intake: INTAKE }, student).expect(403);
    await get(name, { intake: INTAKE }, instructor).expect(403);
  });

  it.each(NAMES)('%s answers 400 to an unknown intake, a bad date or a reversed range', async (name) => {
    const unknown = await get(name, { intake: 'youth-programme-1999' }).expect(400);
    expect(unknown.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(unknown.body.message).toBe(ANALYTICS_UNKNOWN_INTAKE_MESSAGE);
    await get(name, { intake: INTAKE, from: '2026-02-30' }).expect(400);
    await get(name, { intake: INTAKE, from: 'yesterday' }).expect(400);
    const reversed = await get(name, { intake: INTAKE, from: '2026-10-20', to: '2026-10-01' }).expect(400);
    expect(JSON.stringify(reversed.body)).toContain(ANALYTICS_DATE_ORDER_MESSAGE);
    await get(name, { intake: INTAKE, other: 'x' }).expect(400);
  });
});

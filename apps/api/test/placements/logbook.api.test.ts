import { LogbookResponseSchema, LogbookWeekResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The weekly logbook: a trainee logs each day's hours, tasks, job role and evidence for a week of
 * their placement that has started, submits it, and can no longer change it; hours against the
 * target show to them and on the cohort's placements. Nobody else reads or writes their logbook.
 */
let t: TestApp;
let admin: TestUser;
let aina: TestUser;
let badrul: TestUser;
let cohort: string;
let ainaPlacement: string;
let badrulPlacement: string;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Logbook' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Logbook' });
  const course = await makeCourse(t, admin, {
    title: `Logbook course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 130 days ago: the 119-day Online phase is over and OJT is in its second week.
  cohort = (await makeCohort(t, admin, { title: `Logbook cohort ${tag}`, course_ids: [course.id_slug], start: -130, end: 200 })).id_slug;
  await enrol(t, admin, cohort, aina);
  await enrol(t, admin, cohort, badrul);
  await t.http
    .post('/api/host-companies/admin')
    .set(bearer(admin))
    .send({ name: `Fab ${tag}`, registration_number: `LB-${tag}`, sites: [{ name: 'Fab 1' }] })
    .expect(201);
  const row = (s: TestUser) => `${s.email},LB-${tag},Fab 1,Encik Rahman,rahman@example.com,+60 4-1,40,`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target',
        row(aina),
        row(badrul),
      ].join('\n'),
    })
    .expect(200);
  const mine = async (s: TestUser) => (await t.http.get('/api/placements/me').set(bearer(s)).expect(200)).body.data[0].id_slug as string;
  ainaPlacement = await mine(aina);
  badrulPlacement = await mine(badrul);
});
afterAll(async () => t?.close());

const logbook = async (who = aina, placement = ainaPlacement) =>
  LogbookResponseSchema.parse((await t.http.get(`/api/placements/me/${placement}/logbook`).set(bearer(who)).expect(200)).body).data;
const save = (week: number, days: object[], who = aina, placement = ainaPlacement) =>
  t.http.put(`/api/placements/me/${placement}/logbook/${week}`).set(bearer(who)).send({ days });
const submit = (week: number, who = aina, placement = ainaPlacement) =>
  t.http.post(`/api/placements/me/${placement}/logbook/${week}/submit`).set(bearer(who));
const day = (date: string, extra: object = {}) => ({
  date,
  hours: 8,
  tasks: 'Ran the wet bench under supervision; logged particle counts',
  job_role: 'Wafer Fab Process Engineer',
  evidence: 'Shift log entries 14-18, signed by the line lead',
  ...extra,
});

describe('the weekly logbook', { timeout: 120_000 }, () => {
  it('lists the placement’s weeks from the OJT window, with hours against the target', async () => {
    const lb = await logbook();
    expect(lb.weeks.length).toBeGreaterThanOrEqual(16);
    expect(lb.weeks[0]).toMatchObject({ week: 1, status: 'DRAFT', hours: 0 });
    expect(lb).toMatchObject({ weekly_hours_target: 40, hours_logged: 0, hours_due: 40, host_name: `Fab ${tag}` });
  });

  it('saves a draft week and refuses days outside it, unknown job roles, bad hours, work without tasks and weeks not started', async () => {
    const [w1, , w3] = (await logbook()).weeks;
    expect((await save(1, [day(w3.starts_on)]).expect(400)).body.message).toMatch(/not in the week/);
    expect((await save(1, [day(w1.starts_on, { job_role: 'Astronaut' })]).expect(400)).body.message).toMatch(/job roles/);
    await save(1, [day(w1.starts_on, { hours: 25 })]).expect(400);
    await save(1, [day(w1.starts_on, { hours: 7.3 })]).expect(400);
    expect((await save(1, [day(w1.starts_on, { tasks: '' })]).expect(400)).body.errors.days).toBe('Say what you did on a day you worked');
    await save(1, [day(w1.starts_on), day(w1.starts_on)]).expect(400);
    expect((await save(3, [day(w3.starts_on)]).expect(400)).body.message).toBe('This week has not started yet');
    await save(99, []).expect(400);
    await save(30, []).expect(404);
    expect((await submit(1).expect(400)).body.message).toMatch(/at least one day/);

    const saved = LogbookWeekResponseSchema.parse(
      (await save(1, [day(w1.starts_on), day(w1.ends_on, { hours: 7.5, job_role: '' })]).expect(200)).body,
    ).data;
    expect(saved).toMatchObject({ status: 'DRAFT', hours: 15.5, editable: true, weekly_hours_target: 40 });
    expect(saved.days.map((d) => [d.date, d.hours])).toEqual([
      [w1.starts_on, 8],
      [w1.ends_on, 7.5],
    ]);
    // A draft is not yet logged against the target.
    expect((await logbook()).hours_logged).toBe(0);
  });

  it('submits the week once: then it is read-only and counts against the target, to the trainee and on the cohort', async () => {
    const [w1] = (await logbook()).weeks;
    await save(1, [day(w1.starts_on), day(w1.ends_on, { hours: 7.5 })]).expect(200);
    const sent = LogbookWeekResponseSchema.parse((await submit(1).expect(200)).body).data;
    expect(sent).toMatchObject({ status: 'SUBMITTED', editable: false });
    expect(sent.events).toMatchObject([{ kind: 'SUBMITTED', by: 'Aina Logbook', comment: '' }]);
    expect((await save(1, [day(w1.starts_on, { hours: 1 })]).expect(409)).body.message).toMatch(/submitted/);
    await submit(1).expect(409);
    const lb = await logbook();
    expect(lb.hours_logged).toBe(15.5);
    expect(lb.weeks[0]).toMatchObject({ status: 'SUBMITTED', hours: 15.5 });
    const tab = (await t.http.get(`/api/cohorts/admin/${cohort}/placements`).set(bearer(admin)).expect(200)).body.data;
    expect(tab.find((p: { trainee: { id_slug: string } }) => p.trainee.id_slug === aina.id_slug)).toMatchObject({
      hours_logged: 15.5,
      hours_due: 40,
    });
    // The submission is a fact: it cannot be edited.
    await expect(t.ds.query(`UPDATE logbook_week_events SET comment = 'x'`)).rejects.toThrow(/append-only/);
  });

  it("keeps each trainee's logbook their own", async () => {
    await t.http.get(`/api/placements/me/${ainaPlacement}/logbook`).set(bearer(badrul)).expect(404);
    await t.http.get(`/api/placements/me/${ainaPlacement}/logbook/1`).set(bearer(badrul)).expect(404);
    await save(2, [], badrul, ainaPlacement).expect(404);
    await submit(1, badrul, ainaPlacement).expect(404);
    await t.http.get(`/api/placements/me/${ainaPlacement}/logbook/1`).set(bearer(admin)).expect(404);
    expect((await logbook(badrul, badrulPlacement)).hours_logged).toBe(0);
    await t.http.get(`/api/placements/me/${ainaPlacement}/logbook`).expect(401);
  });
});

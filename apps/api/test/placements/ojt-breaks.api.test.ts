import {
  HostCompanyResponseSchema,
  LogbookResponseSchema,
  PlacementResponseSchema,
  StaffPlacementResponseSchema,
  StudentScheduleResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlacementsService } from '../../src/modules/placements/placements.service';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Breaks in a placement and the host company figures. The trainee's coach (or an admin) records a
 * break; its days lengthen the trainee's OJT phase through the timeline's per-trainee shift (adding
 * up with a longer phase given by hand), move their later dates and pause the hours target for its
 * days. A correction is a new entry. Nobody else records one or reads another trainee's. The host
 * figures count weeks signed within 7 days of submission and hours delivered against agreed.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherStaff: TestUser;
let aina: TestUser;
let badrul: TestUser;
let cohort: string;
let host: string;
let ainaPlacement: string;
const tag = Math.random().toString(36).slice(2, 8);

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Chong', last_name: 'Coach' });
  otherStaff = await createUser(t, { role: 'INSTRUCTOR' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Break' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Break' });
  const course = await makeCourse(t, admin, {
    title: `Breaks course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 130 days ago: the 119-day Online phase is over and OJT is in its second week.
  cohort = (await makeCohort(t, admin, { title: `Breaks cohort ${tag}`, course_ids: [course.id_slug], start: -130, end: 300 })).id_slug;
  await enrol(t, admin, cohort, aina);
  await enrol(t, admin, cohort, badrul);
  host = (
    await t.http
      .post('/api/host-companies/admin')
      .set(bearer(admin))
      .send({ name: `Fab ${tag}`, registration_number: `BR-${tag}`, sites: [{ name: 'Fab 1' }] })
      .expect(201)
  ).body.data.id_slug;
  const row = (s: TestUser) => `${s.email},BR-${tag},Fab 1,Encik Rahman,rahman@example.com,+60 4-1,40,${coach.email}`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        `trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email`,
        row(aina),
        row(badrul),
      ].join('\n'),
    })
    .expect(200);
  ainaPlacement = (await t.http.get('/api/placements/me').set(bearer(aina)).expect(200)).body.data[0].id_slug;
});
afterAll(async () => t?.close());

const placement = async (who = coach) =>
  StaffPlacementResponseSchema.parse(
    (await t.http.get(`/api/placements/staff/${cohort}/${aina.id_slug}`).set(bearer(who)).expect(200)).body,
  ).data!;
const record = (body: object, who = coach, slug = ainaPlacement) =>
  t.http.post(`/api/placements/staff/${slug}/breaks`).set(bearer(who)).send(body);
const correct = (breakSlug: string, body: object, who = coach) =>
  t.http.post(`/api/placements/staff/${ainaPlacement}/breaks/${breakSlug}/corrections`).set(bearer(who)).send(body);
const logbook = async () =>
  LogbookResponseSchema.parse((await t.http.get(`/api/placements/me/${ainaPlacement}/logbook`).set(bearer(aina)).expect(200)).body).data;
const schedule = async () =>
  StudentScheduleResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${cohort}/user/${aina.id_slug}/schedule`).set(bearer(aina)).expect(200)).body,
  ).data;
const phase = async (key: string) => (await schedule()).phases.find((p) => p.key === key)!;

describe('breaks in a placement', { timeout: 120_000 }, () => {
  let ojtStart: string;
  let ojtEnd: string;
  let careerStart: string;
  let illness: string;

  it('refuses a break with bad dates, outside the OJT window or without a note for "Other", under the field', async () => {
    const p = await placement();
    ({ starts_on: ojtStart, ends_on: ojtEnd } = p);
    careerStart = (await phase('CAREER')).start_date;
    expect(p.breaks).toEqual([]);
    const late = await record({ starts_on: addDays(ojtStart, 5), ends_on: addDays(ojtStart, 3), reason: 'ILLNESS' }).expect(400);
    expect(late.body.errors.ends_on).toBe('The last day cannot be before the first day');
    const before = await record({ starts_on: addDays(ojtStart, -2), ends_on: addDays(ojtStart, 1), reason: 'ILLNESS' }).expect(400);
    expect(before.body.errors.starts_on).toBe(`The break must fall within the trainee's OJT dates (${ojtStart} to ${ojtEnd})`);
    const after = await record({ starts_on: addDays(ojtEnd, -1), ends_on: addDays(ojtEnd, 3), reason: 'HOST_SHUTDOWN' }).expect(400);
    expect(after.body.errors.ends_on).toMatch(/within the trainee's OJT dates/);
    expect((await record({ starts_on: ojtStart, ends_on: ojtStart, reason: 'OTHER' }).expect(400)).body.errors.note).toBe(
      'Say what the break is for',
    );
    expect((await record({ starts_on: ojtStart, ends_on: ojtStart, reason: 'HOLIDAY' }).expect(400)).body.errors.reason).toBeTruthy();
    expect((await placement()).breaks).toEqual([]);
  });

  it("lengthens the trainee's OJT phase by the break through the timeline and moves their later dates", async () => {
    // Five days in week 1 (its days 3 to 7).
    const saved = PlacementResponseSchema.parse(
      (await record({ starts_on: addDays(ojtStart, 2), ends_on: addDays(ojtStart, 6), reason: 'ILLNESS', note: 'Dengue' }).expect(201))
        .body,
    ).data;
    illness = saved.breaks[0].id_slug;
    expect(saved).toMatchObject({ starts_on: ojtStart, ends_on: addDays(ojtEnd, 5) });
    expect(saved.breaks).toMatchObject([
      {
        starts_on: addDays(ojtStart, 2),
        ends_on: addDays(ojtStart, 6),
        days: 5,
        withdrawn: false,
        reason: 'ILLNESS',
        note: 'Dengue',
        recorded_by: 'Chong Coach',
        corrections: [],
      },
    ]);
    // The same per-trainee shift as the Timeline tab's longer phase: listed there with the break's days.
    const tl = (await t.http.get(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(admin)).expect(200)).body.data;
    expect(tl.shifts).toMatchObject([{ user_id_slug: aina.id_slug, phase: 'OJT', days: 0, break_days: 5 }]);
    // Their later phases move; the cohort's and the other trainee's do not.
    expect(await phase('OJT')).toMatchObject({ start_date: ojtStart, end_date: addDays(ojtEnd, 5) });
    expect((await phase('CAREER')).start_date).toBe(addDays(careerStart, 5));
    const tab = (await t.http.get(`/api/cohorts/admin/${cohort}/placements`).set(bearer(admin)).expect(200)).body;
    expect(tab.ojt.ends_on).toBe(ojtEnd);
    const byName = (n: string) => tab.data.find((x: { trainee: { first_name: string } }) => x.trainee.first_name === n);
    expect(byName('Badrul').ends_on).toBe(ojtEnd);
    expect(byName('Aina').breaks).toHaveLength(1);
  });

  it('pauses the hours target for the break days: week 1 is due 2/7 of 40 hours', async () => {
    const lb = await logbook();
    expect(lb.weeks[0]).toMatchObject({ break_days: 5, target: 11.4 });
    expect(lb.weeks[1]).toMatchObject({ break_days: 0, target: 40 });
    expect(lb.hours_due).toBe(11.4);
    expect(lb.breaks).toHaveLength(1);
    expect((await placement()).hours_due).toBe(11.4);
  });

  it('refuses an overlapping break; adds up with a longer phase given by hand', async () => {
    const clash = await record({ starts_on: addDays(ojtStart, 6), ends_on: addDays(ojtStart, 8), reason: 'PERSONAL' }).expect(400);
    expect(clash.body.errors.starts_on).toBe(`This overlaps the break from ${addDays(ojtStart, 2)} to ${addDays(ojtStart, 6)}`);
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ user_id_slug: aina.id_slug, phase: 'OJT', days: 3, reason: 'Late start at the host' })
      .expect(200);
    expect((await placement()).ends_on).toBe(addDays(ojtEnd, 8));
    // A second break (the host's shutdown, 2 days) adds to both.
    await record({ starts_on: addDays(ojtStart, 20), ends_on: addDays(ojtStart, 21), reason: 'HOST_SHUTDOWN' }).expect(201);
    expect((await placement()).ends_on).toBe(addDays(ojtEnd, 10));
    const tl = (await t.http.get(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(admin)).expect(200)).body.data;
    expect(tl.shifts).toMatchObject([{ phase: 'OJT', days: 3, reason: 'Late start at the host', break_days: 7 }]);
    // Taking the longer phase away by hand leaves the breaks' days.
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ user_id_slug: aina.id_slug, phase: 'OJT', days: 0, reason: '' })
      .expect(200);
    expect((await placement()).ends_on).toBe(addDays(ojtEnd, 7));
  });

  it('corrects a break as a new entry: ended early, then withdrawn; the dates move back', async () => {
    expect((await correct(illness, { ends_on: addDays(ojtStart, 3), comment: '' }).expect(400)).body.errors.comment).toBe(
      'Say why the break is corrected',
    );
    expect((await correct(illness, { ends_on: addDays(ojtStart, 1), comment: 'Back early' }).expect(400)).body.errors.ends_on).toBe(
      'The last day cannot be before the first day',
    );
    const ended = PlacementResponseSchema.parse(
      (await correct(illness, { ends_on: addDays(ojtStart, 3), comment: 'Back early' }).expect(200)).body,
    ).data;
    expect(ended.ends_on).toBe(addDays(ojtEnd, 4));
    expect(ended.breaks[0]).toMatchObject({ ends_on: addDays(ojtStart, 3), recorded_ends_on: addDays(ojtStart, 6), days: 2 });
    expect(ended.breaks[0].corrections).toMatchObject([{ ends_on: addDays(ojtStart, 3), comment: 'Back early', by: 'Chong Coach' }]);
    expect((await logbook()).weeks[0]).toMatchObject({ break_days: 2, target: 28.6 });

    const withdrawn = PlacementResponseSchema.parse(
      (await correct(illness, { ends_on: null, comment: 'Recorded for the wrong trainee' }, admin).expect(200)).body,
    ).data;
    expect(withdrawn.ends_on).toBe(addDays(ojtEnd, 2));
    expect(withdrawn.breaks[0]).toMatchObject({ withdrawn: true, days: 0 });
    expect(withdrawn.breaks[0].corrections).toHaveLength(2);
    await correct(illness, { ends_on: addDays(ojtStart, 3), comment: 'Again' }).expect(400);
    expect((await logbook()).breaks.map((b) => b.reason)).toEqual(['HOST_SHUTDOWN']);
    expect((await phase('CAREER')).start_date).toBe(addDays(careerStart, 2));
    // What was recorded stays: breaks and corrections are never edited.
    await expect(t.ds.query(`UPDATE placement_breaks SET note = 'x'`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`UPDATE placement_break_corrections SET comment = 'x'`)).rejects.toThrow(/append-only/);
  });

  it("lets only the trainee's coach or an admin reach breaks; students reach none", async () => {
    const body = { starts_on: addDays(ojtStart, 30), ends_on: addDays(ojtStart, 30), reason: 'PERSONAL' };
    await t.http.get(`/api/placements/staff/${cohort}/${aina.id_slug}`).set(bearer(otherStaff)).expect(404);
    await record(body, otherStaff).expect(404);
    await correct(illness, { ends_on: null, comment: 'x' }, otherStaff).expect(404);
    await t.http.get(`/api/placements/staff/${cohort}/${aina.id_slug}`).set(bearer(aina)).expect(403);
    await t.http.get(`/api/placements/staff/${cohort}/${aina.id_slug}`).set(bearer(badrul)).expect(403);
    await record(body, aina).expect(403);
    await record(body, badrul).expect(403);
    await correct(illness, { ends_on: null, comment: 'x' }, badrul).expect(403);
    await t.http.post(`/api/placements/staff/${ainaPlacement}/breaks`).send(body).expect(401);
    // An admin reaches any trainee; a trainee without a placement reads as none.
    expect((await placement(admin)).breaks).toHaveLength(2);
    const lone = await createUser(t, {});
    await enrol(t, admin, cohort, lone);
    expect((await t.http.get(`/api/placements/staff/${cohort}/${lone.id_slug}`).set(bearer(admin)).expect(200)).body.data).toBeNull();
    await t.http.get(`/api/placements/staff/${cohort}/${lone.id_slug}`).set(bearer(coach)).expect(404);
  });
});

describe('host company figures', { timeout: 120_000 }, () => {
  it('counts weeks signed within 7 days of submission, and hours delivered against agreed less breaks', async () => {
    const [mine] = (await t.http.get('/api/placements/me').set(bearer(badrul)).expect(200)).body.data;
    const week1 = (await t.http.get(`/api/placements/me/${mine.id_slug}/logbook/1`).set(bearer(badrul)).expect(200)).body.data;
    const day = { date: week1.starts_on, hours: 8, tasks: 'Wet bench', job_role: '', evidence: 'Shift log' };
    await t.http
      .put(`/api/placements/me/${mine.id_slug}/logbook/1`)
      .set(bearer(badrul))
      .send({ days: [day] })
      .expect(200);
    await t.http.post(`/api/placements/me/${mine.id_slug}/logbook/1/submit`).set(bearer(badrul)).expect(200);

    const dueOf = async (who: TestUser) => (await t.http.get('/api/placements/me').set(bearer(who)).expect(200)).body.data[0].hours_due;
    const agreed = (await dueOf(aina)) + (await dueOf(badrul));
    // One week ended for each: Aina's illness in it was withdrawn, so both are due the whole 40 hours.
    expect(agreed).toBe(80);
    // Just submitted: not yet 7 days old, so not counted either way.
    const shown = HostCompanyResponseSchema.parse(
      (await t.http.get(`/api/host-companies/admin/${host}`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(shown.figures).toEqual({
      weeks_counted: 0,
      weeks_signed_on_time: 0,
      signed_on_time_share: null,
      hours_delivered: 0,
      hours_agreed: 80,
      reviews_counted: 0,
      reviews_on_time: 0,
    });
    const list = (await t.http.get(`/api/host-companies/admin?search_query=BR-${tag}`).set(bearer(admin)).expect(200)).body.data;
    expect(list[0].figures).toMatchObject({ weeks_counted: 0, hours_agreed: 80 });

    // Eight days on, the week is still unsigned: it counts against the host; one more week has ended
    // for each trainee (Aina's 2-day shutdown falls in her week 3, not yet ended then).
    const later = new Date(Date.now() + 8 * 86_400_000);
    const figures = (await t.app.get(PlacementsService).hostFigures([host], later)).get(host)!;
    expect(figures).toMatchObject({
      weeks_counted: 1,
      weeks_signed_on_time: 0,
      signed_on_time_share: 0,
      hours_delivered: 0,
      hours_agreed: 160,
    });
  });

  it('keeps the figures to admins', async () => {
    await t.http.get(`/api/host-companies/admin/${host}`).set(bearer(coach)).expect(403);
    await t.http.get(`/api/host-companies/admin/${host}`).set(bearer(aina)).expect(403);
  });
});

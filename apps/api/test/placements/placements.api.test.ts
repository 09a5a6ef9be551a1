import { CohortPlacementsResponseSchema, PlacementCsvPreviewSchema, PlacementsResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Placements: an admin places a cohort's trainee with a host company's site, a supervisor, a weekly
 * hours target and a staff coach, one at a time or from a CSV (previewed with each row's problems,
 * written whole in one transaction or not at all). The OJT window is the cohort's timeline's, a
 * trainee's own longer phase included. A student reads only their own placement.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let aina: TestUser;
let badrul: TestUser;
let chong: TestUser;
let outsider: TestUser;
let cohort: string;
let host: { id_slug: string; registration_number: string };
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Coach', last_name: 'Lim' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Placed' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Placed' });
  chong = await createUser(t, { first_name: 'Chong', last_name: 'Placed' });
  outsider = await createUser(t, { first_name: 'Other', last_name: 'Student' });
  const course = await makeCourse(t, admin, { title: `OJT course ${tag}`, modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }] });
  cohort = (
    await t.http
      .post('/api/cohorts/admin/create/')
      .set(bearer(admin))
      .send({
        title: `OJT cohort ${tag}`,
        start_date: '2027-03-01T08:00:00+08:00',
        end_date: '2027-12-16T23:59:00+08:00',
        end_access_date: '2027-12-31T23:59:00+08:00',
        result_open_date: null,
        course_ids: [course.id_slug],
      })
      .expect(201)
  ).body.id_slug;
  for (const s of [aina, badrul, chong]) await enrol(t, admin, cohort, s);
  host = (
    await t.http
      .post('/api/host-companies/admin')
      .set(bearer(admin))
      .send({
        name: `Penang Packaging ${tag}`,
        registration_number: `PP-${tag}`,
        sites: [{ name: 'Bayan Lepas', address: 'Phase 4, Bayan Lepas FIZ' }, { name: 'Batu Kawan' }],
      })
      .expect(201)
  ).body.data;
});
afterAll(async () => t?.close());

const placement = (extra: Record<string, unknown> = {}) => ({
  user_id_slug: aina.id_slug,
  host_company_id_slug: host.id_slug,
  site: 'Bayan Lepas',
  supervisor_name: 'Encik Rahman',
  supervisor_email: 'Rahman@Example.com',
  supervisor_phone: '+60 4-123 4567',
  weekly_hours_target: 40,
  coach_id_slug: coach.id_slug,
  ...extra,
});
const tab = async () =>
  CohortPlacementsResponseSchema.parse((await t.http.get(`/api/cohorts/admin/${cohort}/placements`).set(bearer(admin)).expect(200)).body);
const csvOf = (...lines: string[]) =>
  [
    'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
    ...lines,
  ].join('\n');

describe('placements', { timeout: 120_000 }, () => {
  it('places one trainee, dated by the OJT phase; refuses what the cohort, the host or the staff do not have', async () => {
    const post = (body: object) => t.http.post(`/api/cohorts/admin/${cohort}/placements`).set(bearer(admin)).send(body);
    expect((await post(placement({ user_id_slug: outsider.id_slug })).expect(400)).body.errors.user_id_slug).toBe(
      'This person is not an enrolled student of the cohort',
    );
    expect((await post(placement({ site: 'Kulim' })).expect(400)).body.errors.site).toBe('The host company has no site of this name');
    expect((await post(placement({ coach_id_slug: badrul.id_slug })).expect(400)).body.errors.coach_id_slug).toMatch(/staff member/);
    expect((await post(placement({ weekly_hours_target: 0 })).expect(400)).body.errors.weekly_hours_target).toMatch(/from 1 to 60/);
    expect((await post(placement({ weekly_hours_target: 61 })).expect(400)).body.errors.weekly_hours_target).toMatch(/from 1 to 60/);
    await post(placement({ supervisor_email: 'nope' })).expect(400);
    await post(placement({ host_company_id_slug: 'unknownhost' })).expect(400);
    await post(placement({ starts_on: '2027-01-01' })).expect(400);

    const made = (await post(placement()).expect(201)).body.data;
    expect(made).toMatchObject({
      trainee: { id_slug: aina.id_slug },
      host_company: { name: `Penang Packaging ${tag}` },
      site: 'Bayan Lepas',
      site_address: 'Phase 4, Bayan Lepas FIZ',
      supervisor_email: 'rahman@example.com',
      weekly_hours_target: 40,
      coach: { id_slug: coach.id_slug },
      starts_on: '2027-06-28',
      ends_on: '2027-10-17',
    });
    expect((await post(placement()).expect(409)).body.message).toMatch(/already placed/);

    const edited = (
      await t.http
        .put(`/api/cohorts/admin/${cohort}/placements/${made.id_slug}`)
        .set(bearer(admin))
        .send({ ...placement({ site: 'Batu Kawan', weekly_hours_target: 37.5, coach_id_slug: null }), user_id_slug: undefined })
        .expect(200)
    ).body.data;
    expect(edited).toMatchObject({ site: 'Batu Kawan', site_address: '', weekly_hours_target: 37.5, coach: null });

    const list = await tab();
    expect(list.ojt).toEqual({ starts_on: '2027-06-28', ends_on: '2027-10-17' });
    expect(list.data.map((p) => p.trainee.id_slug)).toEqual([aina.id_slug]);
    expect(list.unplaced.map((p) => p.id_slug).sort()).toEqual([badrul.id_slug, chong.id_slug].sort());
    expect(list.coaches.map((c) => c.id_slug)).toContain(coach.id_slug);
    expect(list.coaches.map((c) => c.id_slug)).not.toContain(aina.id_slug);

    // A site a placement names cannot be removed from the company.
    const drop = await t.http
      .put(`/api/host-companies/admin/${host.id_slug}`)
      .set(bearer(admin))
      .send({ name: `Penang Packaging ${tag}`, registration_number: `PP-${tag}`, sites: [{ name: 'Bayan Lepas' }] })
      .expect(400);
    expect(drop.body.errors.sites).toMatch(/Batu Kawan/);
  });

  it("follows the timeline: a trainee's longer Online phase moves their OJT window, not the others'", async () => {
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ user_id_slug: aina.id_slug, phase: 'ONLINE', days: 7, reason: 'Medical leave' })
      .expect(200);
    const [p] = (await tab()).data;
    expect(p).toMatchObject({ starts_on: '2027-07-05', ends_on: '2027-10-24' });
    expect((await tab()).ojt).toEqual({ starts_on: '2027-06-28', ends_on: '2027-10-17' });
  });

  it('previews a CSV with every row’s problems and writes nothing, then imports a clean file in one go', async () => {
    const preview = (csv: string) =>
      t.http
        .post(`/api/cohorts/admin/${cohort}/placements/csv/preview`)
        .set(bearer(admin))
        .send({ csv })
        .expect(200)
        .then((r) => PlacementCsvPreviewSchema.parse(r.body));
    const bad = csvOf(
      `${badrul.email},pp-${tag},Bayan Lepas,Puan Lee,lee@example.com,+60 4-1,40,${coach.email}`,
      `${outsider.email},PP-${tag},Bayan Lepas,Puan Lee,lee@example.com,+60 4-1,40,`,
      `${chong.email},NOPE-${tag},Bayan Lepas,Puan Lee,lee@example.com,+60 4-1,40,`,
      `${chong.email},PP-${tag},Kulim,Puan Lee,not-an-email,+60 4-1,70,${aina.email}`,
    );
    const p = await preview(bad);
    expect(p.problem_rows).toBe(3);
    expect(p.rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['This person is not an enrolled student of the cohort']],
      [4, ['No host company has this registration number', 'This trainee is in the file more than once']],
      [
        5,
        [
          'supervisor_email: Invalid email format',
          'weekly_hours_target: Weekly hours target must be a number from 1 to 60',
          'This trainee is in the file more than once',
        ],
      ],
    ]);
    expect(p.rows[0]).toMatchObject({ trainee_name: 'Badrul Placed', host_name: `Penang Packaging ${tag}`, replaces: false });
    const refused = await t.http.post(`/api/cohorts/admin/${cohort}/placements/csv`).set(bearer(admin)).send({ csv: bad }).expect(400);
    expect(refused.body.errors['line 3']).toBe('This person is not an enrolled student of the cohort');
    expect((await tab()).data).toHaveLength(1);

    const wrongSite = await preview(csvOf(`${chong.email},PP-${tag},Kulim,Puan Lee,lee@example.com,+60 4-1,40,`));
    expect(wrongSite.rows[0].problems).toEqual([`The host company has no site of this name (Penang Packaging ${tag})`]);
    const notStaff = await preview(csvOf(`${chong.email},PP-${tag},Batu Kawan,Puan Lee,lee@example.com,+60 4-1,40,${aina.email}`));
    expect(notStaff.rows[0].problems).toEqual(['The coach must be a staff member (an admin or instructor) whose account is active']);

    const good = csvOf(
      `${aina.email},PP-${tag},Bayan Lepas,Encik Rahman,rahman@example.com,+60 4-123,40,${coach.email}`,
      `${badrul.email},pp-${tag},Bayan Lepas,Puan Lee,lee@example.com,+60 4-1,40,${coach.email}`,
      `"${chong.email}",PP-${tag},"Batu Kawan","Lee, Mei Ling",mei@example.com,+60 4-2,38.5,`,
    );
    expect((await preview(good)).rows.map((r) => r.replaces)).toEqual([true, false, false]);
    const done = await t.http.post(`/api/cohorts/admin/${cohort}/placements/csv`).set(bearer(admin)).send({ csv: good }).expect(200);
    expect(done.body).toEqual({ created: 2, updated: 1 });
    const list = await tab();
    expect(list.unplaced).toEqual([]);
    expect(list.data.find((x) => x.trainee.id_slug === chong.id_slug)).toMatchObject({
      supervisor_name: 'Lee, Mei Ling',
      weekly_hours_target: 38.5,
      coach: null,
      starts_on: '2027-06-28',
    });
  });

  it('refuses a file it cannot read or whose columns are wrong', async () => {
    const send = (csv: string) => t.http.post(`/api/cohorts/admin/${cohort}/placements/csv/preview`).set(bearer(admin)).send({ csv });
    expect((await send('name,email\nA,a@example.com').expect(400)).body.errors.csv).toMatch(/needs the columns/);
    expect((await send(csvOf()).expect(400)).body.errors.csv).toBe('The file has no rows under its header');
    expect((await send('a,"b\n1,2').expect(400)).body.errors.csv).toBe('The file could not be read as CSV');
  });

  it('shows a student their own placement only; placements are for admins', async () => {
    const mine = PlacementsResponseSchema.parse((await t.http.get('/api/placements/me').set(bearer(badrul)).expect(200)).body).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      trainee: { id_slug: badrul.id_slug },
      supervisor_name: 'Puan Lee',
      supervisor_phone: '+60 4-1',
      weekly_hours_target: 40,
      starts_on: '2027-06-28',
      ends_on: '2027-10-17',
    });
    expect((await t.http.get('/api/placements/me').set(bearer(outsider)).expect(200)).body.data).toEqual([]);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements`).set(bearer(badrul)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements`).set(bearer(coach)).expect(403);
    await t.http
      .post(`/api/cohorts/admin/${cohort}/placements`)
      .set(bearer(badrul))
      .send(placement({ user_id_slug: badrul.id_slug }))
      .expect(403);
    await t.http.post(`/api/cohorts/admin/${cohort}/placements/csv`).set(bearer(coach)).send({ csv: csvOf() }).expect(403);
  });
});

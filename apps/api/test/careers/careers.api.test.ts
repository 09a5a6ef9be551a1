import {
  CareerPipelineResponseSchema,
  JobApplicationResponseSchema,
  MyCareerResponseSchema,
  TraineeCareerResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Career support after on-the-job training. The trainee's clock is the timeline's CAREER window;
 * the trainee logs, moves and deletes their own job applications (others' answer 404), and their
 * interviews are counted in the (Malaysian) month an application reached an interview or beyond.
 * The host's conversion offer is recorded by a coach following the trainee or an admin, as new
 * entries only. The cohort's pipeline lists the trainees the caller follows in one statement.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherCoach: TestUser;
let aina: TestUser;
let badrul: TestUser;
let chen: TestUser;
let cohort: string;
let otherCohort: string;
const tag = Math.random().toString(36).slice(2, 8);

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const malaysiaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Chong', last_name: 'Coach' });
  otherCoach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Other', last_name: 'Coach' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Career' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Career' });
  chen = await createUser(t, { first_name: 'Chen', last_name: 'Career' });
  const course = await makeCourse(t, admin, {
    title: `Careers course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 250 days ago: Online (119 days) and OJT (112) are over, career support is on its day 20.
  cohort = (await makeCohort(t, admin, { title: `Careers cohort ${tag}`, course_ids: [course.id_slug], start: -250, end: 300 })).id_slug;
  otherCohort = (await makeCohort(t, admin, { title: `Other cohort ${tag}`, course_ids: [course.id_slug], start: -10, end: 300 })).id_slug;
  for (const s of [aina, badrul, chen]) await enrol(t, admin, cohort, s);
  await t.http
    .post('/api/host-companies/admin')
    .set(bearer(admin))
    .send({ name: `Fab ${tag}`, registration_number: `CR-${tag}`, sites: [{ name: 'Fab 1' }] })
    .expect(201);
  const row = (s: TestUser) => `${s.email},CR-${tag},Fab 1,Encik Rahman,rahman@example.com,+60 4-1,40,`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
        row(aina),
        row(badrul),
      ].join('\n'),
    })
    .expect(200);
  // The coach follows Aina and Chen (not Badrul); the other coach coaches only the other cohort.
  await t.http
    .post(`/api/cohorts/admin/${cohort}/coaches`)
    .set(bearer(admin))
    .send({ user_id_slug: coach.id_slug, trainee_id_slugs: [aina.id_slug, chen.id_slug] })
    .expect(201);
  await t.http.post(`/api/cohorts/admin/${otherCohort}/coaches`).set(bearer(admin)).send({ user_id_slug: otherCoach.id_slug }).expect(201);
});
afterAll(async () => t?.close());

const mine = async (who: TestUser) =>
  MyCareerResponseSchema.parse((await t.http.get('/api/careers/me').set(bearer(who)).expect(200)).body).data;
const apply = (body: object, who = aina) => t.http.post('/api/careers/me/applications').set(bearer(who)).send(body);
const move = (slug: string, stage: string, who = aina) =>
  t.http.post(`/api/careers/me/applications/${slug}/stages`).set(bearer(who)).send({ stage });
const traineeCareer = (who: TestUser, trainee = aina, k = cohort) =>
  t.http.get(`/api/careers/trainees/${k}/${trainee.id_slug}`).set(bearer(who));
const offer = (body: object, who = coach, trainee = aina) =>
  t.http.post(`/api/careers/trainees/${cohort}/${trainee.id_slug}/conversion-offers`).set(bearer(who)).send(body);
const pipeline = (who: TestUser, k = cohort) => t.http.get(`/api/careers/pipeline/${k}`).set(bearer(who));

describe('career support', { timeout: 120_000 }, () => {
  const ids: Record<string, string> = {};

  it("shows the trainee's clock from the CAREER window: day 20 of 60; nothing for a trainee never placed", async () => {
    const schedule = (await t.http.get(`/api/cohorts/${cohort}/user/${aina.id_slug}/schedule`).set(bearer(aina)).expect(200)).body.data;
    const career = schedule.phases.find((p: { key: string }) => p.key === 'CAREER');
    const me = (await mine(aina))!;
    expect(me.clock).toMatchObject({ starts_on: career.start_date, ends_on: career.end_date, length_days: 60, state: 'DURING' });
    expect(me.clock.day).toBe(Date.parse(malaysiaToday()) / 86_400_000 - Date.parse(career.start_date) / 86_400_000 + 1);
    expect(me).toMatchObject({ cohort: { id_slug: cohort }, host: `Fab ${tag}`, offers: [], applications: [] });
    expect(me.interviews).toMatchObject({ count: 0, target: 3, month: malaysiaToday().slice(0, 7) });
    expect(await mine(chen)).toBeNull();
    // A trainee with no placement has nowhere to log applications.
    expect(
      (await apply({ employer: 'Intel', role: 'Technician', applied_on: malaysiaToday() }, chen).expect(400)).body.errors.employer,
    ).toBe('Career support starts from a placement: you have none yet');
  });

  it('refuses an application without employer, role or date, in the future, or at an unknown stage, under the field', async () => {
    const bad = await apply({ employer: ' ', role: '', applied_on: 'soon' }).expect(400);
    expect(bad.body.errors).toMatchObject({
      employer: 'Enter the employer',
      role: 'Enter the role',
      applied_on: 'Enter the date you applied',
    });
    const future = await apply({ employer: 'Intel', role: 'Technician', applied_on: addDays(malaysiaToday(), 2) }).expect(400);
    expect(future.body.errors.applied_on).toBe('The date applied cannot be in the future');
    expect(
      (await apply({ employer: 'Intel', role: 'Technician', applied_on: malaysiaToday(), stage: 'HIRED' }).expect(400)).body.errors.stage,
    ).toBe('Choose a stage');
    expect((await mine(aina))!.applications).toEqual([]);
  });

  it('logs applications at Applied with their first history entry, newest application first', async () => {
    for (const [employer, days] of [
      ['Intel', -9],
      ['Infineon', -5],
      ['Bosch', -2],
      ['Keysight', -1],
    ] as const) {
      const made = JobApplicationResponseSchema.parse(
        (
          await apply({ employer, role: 'Process technician', applied_on: addDays(malaysiaToday(), days), note: 'Via JobStreet' }).expect(
            201,
          )
        ).body,
      ).data;
      expect(made).toMatchObject({ employer, stage: 'APPLIED', history: [{ stage: 'APPLIED' }] });
      ids[employer] = made.id_slug;
    }
    const me = (await mine(aina))!;
    expect(me.applications.map((a) => a.employer)).toEqual(['Keysight', 'Bosch', 'Infineon', 'Intel']);
  });

  it('moves an application through its stages, keeping each move with its date; refuses the stage it is at', async () => {
    expect((await move(ids.Intel, 'APPLIED').expect(400)).body.errors.stage).toBe('The application is already at this stage');
    expect((await move(ids.Intel, 'HIRED').expect(400)).body.errors.stage).toBe('Choose a stage');
    await move(ids.Intel, 'INTERVIEW').expect(200);
    const offered = JobApplicationResponseSchema.parse((await move(ids.Intel, 'OFFER').expect(200)).body).data;
    expect(offered.stage).toBe('OFFER');
    expect(offered.history.map((h) => h.stage)).toEqual(['APPLIED', 'INTERVIEW', 'OFFER']);
    for (const h of offered.history) expect(Date.now() - Date.parse(h.at)).toBeLessThan(60_000);
    await move(ids.Infineon, 'INTERVIEW').expect(200);
    await move(ids.Infineon, 'REJECTED').expect(200);
    await move(ids.Bosch, 'REJECTED').expect(200);
  });

  it('counts the applications that reached an interview or beyond this month, each once', async () => {
    // Intel (interview, then offer) and Infineon (interview, then rejected) count; Bosch, rejected unseen, does not.
    expect((await mine(aina))!.interviews.count).toBe(2);
    // An interview of last month (Malaysian time) is not this month's: its entry is aged as time would.
    await t.ds.query(
      `UPDATE job_application_stages SET created_at = date_trunc('month', now() AT TIME ZONE 'Asia/Kuala_Lumpur') AT TIME ZONE 'Asia/Kuala_Lumpur' - interval '1 hour'
        WHERE application_id = (SELECT id FROM job_applications WHERE id_slug = $1) AND stage = 'INTERVIEW'`,
      [ids.Infineon],
    );
    expect((await mine(aina))!.interviews.count).toBe(1);
    await move(ids.Keysight, 'INTERVIEW').expect(200);
    await move(ids.Bosch, 'INTERVIEW').expect(200);
    expect((await mine(aina))!.interviews.count).toBe(3);
  });

  it("lets a trainee delete only their own applications: another's answers 404, as for none", async () => {
    const theirs = JobApplicationResponseSchema.parse(
      (await apply({ employer: 'Dell', role: 'Buyer', applied_on: malaysiaToday() }, badrul).expect(201)).body,
    ).data;
    await t.http.delete(`/api/careers/me/applications/${theirs.id_slug}`).set(bearer(aina)).expect(404);
    expect((await move(theirs.id_slug, 'INTERVIEW', aina).expect(404)).body.message).toBe('Application not found');
    expect((await mine(badrul))!.applications.map((a) => a.stage)).toEqual(['APPLIED']);
    expect((await mine(aina))!.applications.map((a) => a.employer)).not.toContain('Dell');
    await t.http.delete(`/api/careers/me/applications/${ids.Keysight}`).set(bearer(aina)).expect(200);
    await t.http.delete(`/api/careers/me/applications/${ids.Keysight}`).set(bearer(aina)).expect(404);
    const left = (await mine(aina))!;
    expect(left.applications.map((a) => a.employer)).toEqual(['Bosch', 'Infineon', 'Intel']);
    expect(left.interviews.count).toBe(2);
  });

  it("records the host's conversion offer as new entries only, newest first, for the trainee to see", async () => {
    const bad = await offer({ state: 'MAYBE', offered_on: 'soon' }).expect(400);
    expect(bad.body.errors).toMatchObject({ state: "Choose the host's offer", offered_on: 'Enter the date of the offer' });
    expect((await offer({ state: 'OFFERED', offered_on: addDays(malaysiaToday(), 3) }).expect(400)).body.errors.offered_on).toBe(
      'The date of the offer cannot be in the future',
    );
    await offer({ state: 'OFFERED', offered_on: addDays(malaysiaToday(), -3), note: 'Technician, RM 2,400' }).expect(201);
    const after = TraineeCareerResponseSchema.parse(
      (await offer({ state: 'DECLINED', offered_on: addDays(malaysiaToday(), -1) }, admin).expect(201)).body,
    ).data;
    expect(after.offers).toMatchObject([
      { state: 'DECLINED', offered_on: addDays(malaysiaToday(), -1), note: '', by: expect.stringMatching(/\S/) },
      { state: 'OFFERED', offered_on: addDays(malaysiaToday(), -3), note: 'Technician, RM 2,400', by: 'Chong Coach' },
    ]);
    expect((await mine(aina))!.offers.map((o) => o.state)).toEqual(['DECLINED', 'OFFERED']);
    // The history cannot be rewritten, not even in the database.
    await expect(t.ds.query(`UPDATE career_conversion_offers SET state = 'ACCEPTED'`)).rejects.toThrow(/append-only/);
    await expect(t.ds.query(`DELETE FROM career_conversion_offers`)).rejects.toThrow(/append-only/);
    // Only a placed trainee has a host to make an offer.
    expect((await offer({ state: 'NONE', offered_on: malaysiaToday() }, coach, chen).expect(400)).body.errors.state).toBe(
      'This trainee has no placement in this cohort',
    );
  });

  it('lets staff reach only the trainees they follow: another coach, a coach of another cohort and students get 404 or 403', async () => {
    const seen = TraineeCareerResponseSchema.parse((await traineeCareer(coach).expect(200)).body).data;
    expect(seen.applications).toHaveLength(3);
    expect(seen.clock).toEqual((await mine(aina))!.clock);
    await traineeCareer(admin, badrul).expect(200);
    expect((await traineeCareer(coach, badrul).expect(404)).body.message).toBe('Trainee not found');
    await traineeCareer(otherCoach).expect(404);
    await offer({ state: 'NONE', offered_on: malaysiaToday() }, coach, badrul).expect(404);
    await offer({ state: 'NONE', offered_on: malaysiaToday() }, otherCoach).expect(404);
    await pipeline(otherCoach).expect(404);
    for (const student of [aina, badrul]) {
      await traineeCareer(student).expect(403);
      await offer({ state: 'ACCEPTED', offered_on: malaysiaToday() }, student).expect(403);
      await pipeline(student).expect(403);
    }
    expect((await mine(aina))!.offers).toHaveLength(2);
  });

  it("lists the coach's trainees in the cohort's pipeline (an admin: all), in one statement whatever their number", async () => {
    const forCoach = CareerPipelineResponseSchema.parse((await pipeline(coach).expect(200)).body);
    expect(forCoach).toMatchObject({ cohort: { id_slug: cohort }, month: malaysiaToday().slice(0, 7), target: 3 });
    expect(forCoach.data.map((r) => r.trainee.first_name)).toEqual(['Aina', 'Chen']);
    const [a, c] = forCoach.data;
    expect(a).toMatchObject({
      placed: true,
      stages: { APPLIED: 0, INTERVIEW: 1, OFFER: 1, ACCEPTED: 0, REJECTED: 1 },
      interviews_this_month: 2,
      last_applied_on: addDays(malaysiaToday(), -2),
      offer: 'DECLINED',
    });
    expect(a.clock).toEqual((await mine(aina))!.clock);
    expect(c).toMatchObject({ placed: false, stages: { APPLIED: 0 }, interviews_this_month: 0, last_applied_on: null, offer: null });
    const forAdmin = CareerPipelineResponseSchema.parse((await pipeline(admin).expect(200)).body);
    expect(forAdmin.data.map((r) => r.trainee.first_name)).toEqual(['Aina', 'Badrul', 'Chen']);
    expect(forAdmin.data[1]).toMatchObject({ stages: { APPLIED: 1 }, offer: null });
    await pipeline(admin, 'nosuchcohort0000').expect(404);

    // Jobs run on the app's pool and would be counted with the request.
    await jobsSettled(t);
    expect(await countStatements(() => pipeline(admin).expect(200))).toBe(1);
    for (let i = 0; i < 3; i++) {
      const more = await createUser(t, { first_name: `More${i}`, last_name: 'Career' });
      await enrol(t, admin, cohort, more);
    }
    await jobsSettled(t);
    await pipeline(admin).expect(200);
    expect(await countStatements(() => pipeline(admin).expect(200))).toBe(1);
    expect(await countStatements(() => pipeline(coach).expect(200))).toBe(1);
  });
});

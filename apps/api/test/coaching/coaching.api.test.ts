import { COACH_MESSAGES, CohortCoachesResponseSchema, MyTraineesResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACHED_TRAINEES, coachesOf, isCoachOf } from '../../src/modules/coaching';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Admins make staff members coaches of a cohort, of chosen trainees or of all of them; a coach's
 * home and reach follow the assignment on the very next request.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherCoach: TestUser;
let student: TestUser;
let trainees: TestUser[];
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Admin' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Coach' });
  otherCoach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Grace', last_name: 'Other' });
  student = await createUser(t, { first_name: 'Sam', last_name: 'Outsider' });
  trainees = [];
  for (const name of ['Aisyah', 'Bala', 'Chen']) trainees.push(await createUser(t, { first_name: name, last_name: 'Trainee' }));
  const course = await makeCourse(t, admin, { title: 'Wafer basics', modules: [{ title: 'M1', lessons: [{ title: 'Intro' }] }] });
  cohort = await makeCohort(t, admin, { title: 'Coached cohort', course_ids: [course.id_slug] });
  for (const s of trainees) await enrol(t, admin, cohort.id_slug, s);
});
afterAll(async () => t?.close());

const base = (c = cohort.id_slug) => `/api/cohorts/admin/${c}/coaches`;
const assign = (who: { id_slug: string }, picks: { id_slug: string }[] = [], as: TestUser = admin) =>
  t.http
    .post(base())
    .set(bearer(as))
    .send({ user_id_slug: who.id_slug, trainee_id_slugs: picks.map((p) => p.id_slug) });
const remove = (who: { id_slug: string }, as: TestUser = admin) => t.http.delete(`${base()}/${who.id_slug}`).set(bearer(as));
const mine = async (who: TestUser, search?: string) =>
  MyTraineesResponseSchema.parse(
    (
      await t.http
        .get('/api/coaching/my-trainees')
        .query(search ? { search_query: search } : {})
        .set(bearer(who))
        .expect(200)
    ).body,
  );
const names = async (who: TestUser) => (await mine(who)).data.map((r) => r.first_name);
const traineePage = (who: TestUser, s: TestUser) => t.http.get(`/api/coaching/trainees/${cohort.id_slug}/${s.id_slug}`).set(bearer(who));
const cohortView = (who: TestUser, s: TestUser) => t.http.get(`/api/cohorts/${cohort.id_slug}/user/${s.id_slug}/`).set(bearer(who));

describe('assigning coaches', () => {
  it('is for admins only: a student and an instructor get 403 on every assignment call', async () => {
    for (const who of [student, coach]) {
      await t.http.get(base()).set(bearer(who)).expect(403);
      await t.http.get(`${base()}/candidates`).set(bearer(who)).expect(403);
      await assign(coach, [], who).expect(403);
      await t.http.put(`${base()}/${coach.id_slug}/trainees`).set(bearer(who)).send({ trainee_id_slugs: [] }).expect(403);
      await remove(coach, who).expect(403);
    }
    // A student has no coach's home and reads no trainee's page.
    await t.http.get('/api/coaching/my-trainees').set(bearer(student)).expect(403);
    await traineePage(student, trainees[0]).expect(403);
    expect(CohortCoachesResponseSchema.parse((await t.http.get(base()).set(bearer(admin)).expect(200)).body).data).toEqual([]);
  });

  it('refuses a student as coach and trainees who are not in the cohort, with a message', async () => {
    const notStaff = await assign(student).expect(400);
    expect(notStaff.body.message).toBe(COACH_MESSAGES.notStaff);
    const outsider = await assign(coach, [student]).expect(400);
    expect(outsider.body.message).toBe(COACH_MESSAGES.notEnrolled);
    await t.http.post(base()).set(bearer(admin)).send({ user_id_slug: coach.id_slug, trainee_id_slugs: 'all' }).expect(400);
    expect(await names(coach)).toEqual([]);
  });

  it('a coach of two trainees sees exactly those two, reads their pages only, and a whole-cohort coach sees all', async () => {
    const [a, b, c] = trainees;
    const after = CohortCoachesResponseSchema.parse((await assign(coach, [b, a]).expect(201)).body).data;
    expect(after).toEqual([
      {
        id_slug: coach.id_slug,
        first_name: 'Farid',
        last_name: 'Coach',
        email: coach.email,
        role: 'INSTRUCTOR',
        whole_cohort: false,
        trainees: [a, b].map((s) => ({ id_slug: s.id_slug, first_name: expect.any(String), last_name: 'Trainee', email: s.email })),
      },
    ]);
    // The candidates no longer offer the coach.
    const candidates = (await t.http.get(`${base()}/candidates`).query({ search_query: 'Coach' }).set(bearer(admin)).expect(200)).body.data;
    expect(candidates).toEqual([]);

    const page = await mine(coach);
    expect(page.count).toBe(2);
    expect(page.data.map((r) => [r.first_name, r.cohort_title, r.enrolment_status, r.completion_percentage])).toEqual([
      ['Aisyah', 'Coached cohort', 'ACTIVE', 0],
      ['Bala', 'Coached cohort', 'ACTIVE', 0],
    ]);
    expect((await mine(coach, 'bala')).data.map((r) => r.first_name)).toEqual(['Bala']);
    const second = MyTraineesResponseSchema.parse(
      (
        await t.http
          .get('/api/coaching/my-trainees')
          .query({ page: 2, page_size: 1, order_by: '-first_name' })
          .set(bearer(coach))
          .expect(200)
      ).body,
    );
    expect([second.count, second.num_pages, second.data.map((r) => r.first_name)]).toEqual([2, 2, ['Aisyah']]);
    // One statement a page, whatever its size (the session's check is cached once warm).
    await mine(coach);
    expect(await countStatements(() => mine(coach))).toBe(1);

    // The trainee page: theirs; the others' answer as a trainee who does not exist would.
    expect((await traineePage(coach, a).expect(200)).body.data.first_name).toBe('Aisyah');
    expect((await traineePage(coach, c).expect(404)).body.message).toBe(COACH_MESSAGES.notFollowed);
    await traineePage(otherCoach, a).expect(404);
    expect((await cohortView(coach, b).expect(200)).body.data.title).toBe('Coached cohort');
    await cohortView(coach, c).expect(404);
    await cohortView(otherCoach, a).expect(404);

    await assign(otherCoach).expect(201);
    expect(await names(otherCoach)).toEqual(['Aisyah', 'Bala', 'Chen']);
    await cohortView(otherCoach, c).expect(200);

    // Choosing other trainees for a coach changes their reach at once.
    const changed = CohortCoachesResponseSchema.parse(
      (
        await t.http
          .put(`${base()}/${coach.id_slug}/trainees`)
          .set(bearer(admin))
          .send({ trainee_id_slugs: [c.id_slug] })
          .expect(200)
      ).body,
    ).data;
    expect(changed.find((x) => x.id_slug === coach.id_slug)?.trainees.map((x) => x.id_slug)).toEqual([c.id_slug]);
    expect(await names(coach)).toEqual(['Chen']);
    await cohortView(coach, a).expect(404);
    await t.http.put(`${base()}/${student.id_slug}/trainees`).set(bearer(admin)).send({ trainee_id_slugs: [] }).expect(404);
  });

  it('the shared reach helpers agree with the assignments', async () => {
    const [a, , c] = trainees;
    const ids = trainees.map((s) => s.id);
    const coached = await t.ds.query(`SELECT user_id::text FROM ${COACHED_TRAINEES('$1')} ct ORDER BY user_id`, [coach.id]);
    expect(coached.map((r: { user_id: string }) => r.user_id)).toEqual([c.id]);
    expect(await isCoachOf(t.ds, coach.id, cohort.id, c.id)).toBe(true);
    expect(await isCoachOf(t.ds, coach.id, cohort.id, a.id)).toBe(false);
    const of = await coachesOf(t.ds, cohort.id, [...ids, student.id]);
    expect(of.get(a.id)?.map((x) => x.email)).toEqual([otherCoach.email]);
    expect(of.get(c.id)?.map((x) => x.email)).toEqual([coach.email, otherCoach.email]);
    expect(of.get(student.id)).toEqual([]);
  });

  it('removing a coach takes effect at once', async () => {
    const [, , c] = trainees;
    await remove(coach).expect(200);
    expect(await names(coach)).toEqual([]);
    await traineePage(coach, c).expect(404);
    await cohortView(coach, c).expect(404);
    expect((await remove(coach).expect(404)).body.message).toBe(COACH_MESSAGES.notCoaching);
    expect(await isCoachOf(t.ds, coach.id, cohort.id, c.id)).toBe(false);
  });
});

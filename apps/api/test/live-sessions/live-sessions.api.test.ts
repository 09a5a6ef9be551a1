import { LIVE_SESSION_MESSAGES, LiveSessionSchema, LiveSessionsResponseSchema, StudentLiveSessionsResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkInstructor } from '../fixtures/admin.fixtures';
import { taughtCohort } from '../fixtures/attendance.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Live sessions: staff schedule, edit and cancel them on a cohort (instructors only on the cohorts
 * they teach); the cohort's students see them, the meeting link only from 15 minutes before the start.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let student: TestUser;
let otherStudent: TestUser;
let n = 0;

const MINUTE = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  outsider = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Olga', last_name: 'Outsider' });
  student = await createUser(t, { first_name: 'Sam', last_name: 'Student' });
  otherStudent = await createUser(t, { first_name: 'Oli', last_name: 'Other' });
});
afterAll(async () => t?.close());

async function cohortWithTeacher() {
  n++;
  return taughtCohort(t, admin, `Wafer cohort ${n}`, { teachers: [teacher], trainees: [student] });
}

const base = (cohort: string) => `/api/cohorts/admin/${cohort}/sessions`;
const online = (over: Record<string, unknown> = {}) => ({
  title: 'Lithography live',
  starts_at: inMinutes(60),
  duration_minutes: 90,
  mode: 'ONLINE',
  meeting_url: 'https://zoom.us/j/123456789',
  mandatory: true,
  facilitator_id_slugs: [teacher.id_slug],
  ...over,
});
const create = (cohort: string, body: Record<string, unknown>, as: TestUser = admin) =>
  t.http.post(base(cohort)).set(bearer(as)).send(body);
const studentView = async (cohort: string, who: TestUser = student) =>
  StudentLiveSessionsResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${cohort}/sessions/user/${who.id_slug}/`).set(bearer(who)).expect(200)).body,
  ).data;

describe('scheduling sessions', () => {
  it('creates an online and an on-site session, listed by start with their facilitators', async () => {
    const cohort = await cohortWithTeacher();
    const later = LiveSessionSchema.parse(
      (
        await create(cohort, {
          ...online(),
          title: 'Cleanroom visit',
          starts_at: inMinutes(3000),
          mode: 'ON_SITE',
          meeting_url: null,
          place: 'Penang lab 2',
        }).expect(201)
      ).body,
    );
    expect(later).toMatchObject({ mode: 'ON_SITE', place: 'Penang lab 2', meeting_url: null, cancelled_at: null, mandatory: true });
    const sooner = LiveSessionSchema.parse((await create(cohort, online({ mandatory: false }), teacher).expect(201)).body);
    expect(sooner.facilitators).toEqual([{ id_slug: teacher.id_slug, first_name: 'Farid', last_name: 'Teacher' }]);
    expect(new Date(sooner.ends_at).getTime() - new Date(sooner.starts_at).getTime()).toBe(90 * MINUTE);

    const list = LiveSessionsResponseSchema.parse((await t.http.get(base(cohort)).set(bearer(teacher)).expect(200)).body).data;
    expect(list.map((s) => s.title)).toEqual(['Lithography live', 'Cleanroom visit']);
  });

  it('refuses an online session without a link, an on-site one without a place, and a facilitator who does not teach the cohort', async () => {
    const cohort = await cohortWithTeacher();
    const noLink = await create(cohort, online({ meeting_url: null })).expect(400);
    expect(noLink.body.errors).toMatchObject({ meeting_url: LIVE_SESSION_MESSAGES.meetingUrlRequired });
    const noPlace = await create(cohort, online({ mode: 'ON_SITE', meeting_url: null, place: '  ' })).expect(400);
    expect(noPlace.body.errors).toMatchObject({ place: LIVE_SESSION_MESSAGES.placeRequired });
    const badLink = await create(cohort, online({ meeting_url: 'javascript:alert(1)' })).expect(400);
    expect(badLink.body.errors.meeting_url).toBeTruthy();
    const notTeaching = await create(cohort, online({ facilitator_id_slugs: [outsider.id_slug] })).expect(400);
    expect(notTeaching.body.errors).toEqual({ facilitator_id_slugs: LIVE_SESSION_MESSAGES.facilitatorNotTeaching });
    expect(LiveSessionsResponseSchema.parse((await t.http.get(base(cohort)).set(bearer(admin)).expect(200)).body).data).toEqual([]);
  });

  it('edits a session (its facilitators replaced) and cancels it, kept and marked cancelled', async () => {
    const cohort = await cohortWithTeacher();
    const s = LiveSessionSchema.parse((await create(cohort, online()).expect(201)).body);
    await linkInstructor(t, admin, cohort, admin);
    const edited = LiveSessionSchema.parse(
      (
        await t.http
          .put(`${base(cohort)}/${s.id_slug}`)
          .set(bearer(teacher))
          .send(online({ title: 'Etching live', duration_minutes: 45, facilitator_id_slugs: [admin.id_slug] }))
          .expect(200)
      ).body,
    );
    expect(edited).toMatchObject({ id_slug: s.id_slug, title: 'Etching live', duration_minutes: 45 });
    expect(edited.facilitators.map((f) => f.id_slug)).toEqual([admin.id_slug]);

    const cancelled = LiveSessionSchema.parse(
      (
        await t.http
          .post(`${base(cohort)}/${s.id_slug}/cancel`)
          .set(bearer(teacher))
          .expect(200)
      ).body,
    );
    expect(cancelled.cancelled_at).not.toBeNull();
    const [row] = LiveSessionsResponseSchema.parse((await t.http.get(base(cohort)).set(bearer(admin)).expect(200)).body).data;
    expect(row.cancelled_at).toBe(cancelled.cancelled_at);
    await t.http
      .put(`${base(cohort)}/unknownsession`)
      .set(bearer(admin))
      .send(online())
      .expect(404);
  });

  it("keeps an instructor to the cohorts they teach and students out of the console's calls", async () => {
    const cohort = await cohortWithTeacher();
    const s = LiveSessionSchema.parse((await create(cohort, online()).expect(201)).body);
    await t.http.get(base(cohort)).set(bearer(outsider)).expect(404);
    await create(cohort, online({ facilitator_id_slugs: [] }), outsider).expect(404);
    await t.http
      .put(`${base(cohort)}/${s.id_slug}`)
      .set(bearer(outsider))
      .send(online())
      .expect(404);
    await t.http
      .post(`${base(cohort)}/${s.id_slug}/cancel`)
      .set(bearer(outsider))
      .expect(404);
    await t.http.get(base(cohort)).set(bearer(student)).expect(403);
    await create(cohort, online(), student).expect(403);
    const [kept] = LiveSessionsResponseSchema.parse((await t.http.get(base(cohort)).set(bearer(admin)).expect(200)).body).data;
    expect(kept.cancelled_at).toBeNull();
  });
});

describe("the student's sessions", () => {
  it('withholds the meeting link until 15 minutes before the start, and for a cancelled session', async () => {
    const cohort = await cohortWithTeacher();
    await create(cohort, online({ title: 'Far', starts_at: inMinutes(16) })).expect(201);
    await create(cohort, online({ title: 'Near', starts_at: inMinutes(14) })).expect(201);
    const gone = LiveSessionSchema.parse((await create(cohort, online({ title: 'Gone', starts_at: inMinutes(5) })).expect(201)).body);
    await t.http
      .post(`${base(cohort)}/${gone.id_slug}/cancel`)
      .set(bearer(admin))
      .expect(200);

    const seen = await studentView(cohort);
    expect(seen.map((s) => [s.title, s.meeting_url, s.cancelled])).toEqual([
      ['Gone', null, true],
      ['Near', 'https://zoom.us/j/123456789', false],
      ['Far', null, false],
    ]);
    const far = seen.find((s) => s.title === 'Far')!;
    expect(new Date(far.starts_at).getTime() - new Date(far.link_opens_at).getTime()).toBe(15 * MINUTE);
  });

  it("answers only the student's own cohorts and their own sessions", async () => {
    const cohort = await cohortWithTeacher();
    await create(cohort, online()).expect(201);
    // Not enrolled: the same 404 as a missing cohort.
    await t.http.get(`/api/cohorts/${cohort}/sessions/user/${otherStudent.id_slug}/`).set(bearer(otherStudent)).expect(404);
    // Another student's sessions: refused alike.
    await t.http.get(`/api/cohorts/${cohort}/sessions/user/${student.id_slug}/`).set(bearer(otherStudent)).expect(404);
    expect(await studentView(cohort)).toHaveLength(1);
  });
});

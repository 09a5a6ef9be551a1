import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { ALREADY_COMPLETED, NOT_IN_COHORT, SUSPENDED_NOT_COMPLETED } from '../../src/modules/enrolments/enrolments.service';

/** An admin marks a student's enrolment COMPLETED: from ACTIVE only, once, and for good. */
let t: TestApp;
let admin: TestUser;
let instructor: TestUser;
let courseSlug: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, { title: 'Completion course', modules: [{ title: 'M', lessons: [{ title: 'C1' }] }] });
  courseSlug = course.id_slug;
});
afterAll(async () => t?.close());

const complete = (as: TestUser, cohortSlug: string, user: { id_slug: string }) =>
  t.http.patch(`/api/cohorts/admin/${cohortSlug}/complete-student`).set(bearer(as)).send({ user_id_slug: user.id_slug });
const suspend = (cohortSlug: string, user: { id_slug: string }, enrolment_status: 'ACTIVE' | 'SUSPENDED') =>
  t.http
    .patch(`/api/cohorts/admin/${cohortSlug}/update-students`)
    .set(bearer(admin))
    .send({ user_id_slug: user.id_slug, enrolment_status });
/** The enrolment status the cohort's student list shows. */
async function shownStatus(cohortSlug: string, user: TestUser) {
  const res = await t.http.get(`/api/cohorts/admin/${cohortSlug}/students`).set(bearer(admin)).expect(200);
  return res.body.data.find((s: { id_slug: string }) => s.id_slug === user.id_slug)?.enrolment_status;
}

describe('PATCH /api/cohorts/admin/:cohortId/complete-student', () => {
  it('completes an active enrolment, which then is neither completed again, suspended nor resumed', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Finishing cohort', course_ids: [courseSlug] });
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    expect((await complete(admin, cohort.id_slug, s).expect(200)).body).toEqual({ cohort_id_slug: cohort.id_slug });
    expect(await shownStatus(cohort.id_slug, s)).toBe('COMPLETED');
    expect((await complete(admin, cohort.id_slug, s).expect(409)).body.message).toBe(ALREADY_COMPLETED);
    await suspend(cohort.id_slug, s, 'SUSPENDED').expect(409);
    await suspend(cohort.id_slug, s, 'ACTIVE').expect(409);
    expect(await shownStatus(cohort.id_slug, s)).toBe('COMPLETED');
    // A completed enrolment no longer lists the cohort among the student's classes.
    expect((await t.http.get(`/api/user-cohorts/user/${s.id_slug}/`).set(bearer(s)).expect(200)).body).toEqual({ data: [] });
  });

  it('refuses a suspended enrolment until the student is unsuspended', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Paused cohort', course_ids: [courseSlug] });
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    await suspend(cohort.id_slug, s, 'SUSPENDED').expect(200);
    expect((await complete(admin, cohort.id_slug, s).expect(409)).body.message).toBe(SUSPENDED_NOT_COMPLETED);
    expect(await shownStatus(cohort.id_slug, s)).toBe('SUSPENDED');
    await suspend(cohort.id_slug, s, 'ACTIVE').expect(200);
    await complete(admin, cohort.id_slug, s).expect(200);
    expect(await shownStatus(cohort.id_slug, s)).toBe('COMPLETED');
  });

  it('answers 404 for a student of another cohort or no cohort, and 400 for a bad body', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Strict cohort', course_ids: [courseSlug] });
    const other = await makeCohort(t, admin, { title: 'Other cohort', course_ids: [courseSlug] });
    const elsewhere = await createUser(t);
    await enrol(t, admin, other.id_slug, elsewhere);
    expect((await complete(admin, cohort.id_slug, elsewhere).expect(404)).body.message).toBe(NOT_IN_COHORT);
    expect(await shownStatus(other.id_slug, elsewhere)).toBe('ACTIVE');
    const bad = await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/complete-student`)
      .set(bearer(admin))
      .send({ user_id_slug: 42 })
      .expect(400);
    expect(bad.body.errors.user_id_slug).toBeTruthy();
    await t.http.patch(`/api/cohorts/admin/${cohort.id_slug}/complete-student`).set(bearer(admin)).send({}).expect(400);
  });

  it('is refused to a student (for themselves or a classmate) and to the cohort’s own instructor', async () => {
    const cohort = await makeCohort(t, admin, { title: 'Guarded cohort', course_ids: [courseSlug] });
    const s = await createUser(t);
    const classmate = await createUser(t);
    for (const u of [s, classmate]) await enrol(t, admin, cohort.id_slug, u);
    await linkInstructor(t, admin, cohort.id_slug, instructor);
    await complete(s, cohort.id_slug, s).expect(403);
    await complete(s, cohort.id_slug, classmate).expect(403);
    await complete(instructor, cohort.id_slug, s).expect(403);
    expect(await shownStatus(cohort.id_slug, s)).toBe('ACTIVE');
    expect(await shownStatus(cohort.id_slug, classmate)).toBe('ACTIVE');
  });
});

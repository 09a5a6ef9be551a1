import { COURSE_ORDER_MESSAGE } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** An admin puts a cohort's courses in a new order; the admin's cohort and the student's class show that order. */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

async function setup() {
  const stamp = Date.now();
  const courses = [];
  for (const title of ['Wafer basics', 'Lithography', 'Etching']) courses.push(await makeCourse(t, admin, { title: `${title} ${stamp}` }));
  const cohort = await makeCohort(t, admin, { title: `Order cohort ${stamp}`, course_ids: courses.map((c) => c.id_slug) });
  const student = await createUser(t);
  await enrol(t, admin, cohort.id_slug, student);
  const reorder = (as: TestUser, slugs: string[], cohortSlug = cohort.id_slug) =>
    t.http.put(`/api/cohorts/admin/${cohortSlug}/courses/order`).set(bearer(as)).send({ course_id_slugs: slugs });
  const adminOrder = async () =>
    (
      (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}`).set(bearer(admin)).expect(200)).body.data.courses as { id_slug: string }[]
    ).map((c) => c.id_slug);
  const studentOrder = async () =>
    (
      (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${student.id_slug}/`).set(bearer(student)).expect(200)).body.data
        .courses_part as { id_slug: string }[]
    ).map((c) => c.id_slug);
  return { courses: courses.map((c) => c.id_slug), cohort, student, reorder, adminOrder, studentOrder };
}

describe('reordering a cohort’s courses', () => {
  it('puts the courses in the order given, for the admin and for the students', async () => {
    const s = await setup();
    expect(await s.adminOrder()).toEqual(s.courses);
    expect(await s.studentOrder()).toEqual(s.courses);
    const [a, b, c] = s.courses;
    await s.reorder(admin, [c, a, b]).expect(200, { cohort_id_slug: s.cohort.id_slug });
    expect(await s.adminOrder()).toEqual([c, a, b]);
    expect(await s.studentOrder()).toEqual([c, a, b]);
  });

  it('refuses a list that misses, repeats or adds a course, and an unknown cohort; the order stays', async () => {
    const s = await setup();
    const [a, b, c] = s.courses;
    for (const wrong of [
      [a, b],
      [a, b, b],
      [a, b, c, '0123456789abcdef0123456789abcdef'],
      [a, b, '0123456789abcdef0123456789abcdef'],
    ]) {
      const res = await s.reorder(admin, wrong).expect(400);
      expect(res.body).toEqual({ message: COURSE_ORDER_MESSAGE, errors: { course_id_slugs: COURSE_ORDER_MESSAGE } });
    }
    await s.reorder(admin, [c, b, a], '0123456789abcdef0123456789abcdef').expect(404);
    expect(await s.adminOrder()).toEqual(s.courses);
  });

  it('is an admin call: the cohort’s student and instructor cannot reorder it', async () => {
    const s = await setup();
    const instructor = await createUser(t, { role: 'INSTRUCTOR' });
    await t.http
      .post(`/api/cohorts/admin/${s.cohort.id_slug}/instructors`)
      .set(bearer(admin))
      .send({ user_id_slug: instructor.id_slug })
      .expect(201);
    const [a, b, c] = s.courses;
    for (const caller of [s.student, instructor]) await s.reorder(caller, [c, b, a]).expect(403);
    expect(await s.adminOrder()).toEqual(s.courses);
  });
});

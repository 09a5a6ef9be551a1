import { CohortInstructorsResponseSchema, InstructorCohortsResponseSchema, INSTRUCTOR_MESSAGES } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Admins choose who teaches a cohort; the instructor's reach (their home, grading the cohort)
 * follows the assignment on the very next request.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Admin' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Grace', last_name: 'Other' });
  student = await createUser(t, { first_name: 'Sam', last_name: 'Student' });
});
afterAll(async () => t?.close());

const base = (cohort: string) => `/api/cohorts/admin/${cohort}/instructors`;
const list = async (cohort: string) =>
  CohortInstructorsResponseSchema.parse((await t.http.get(base(cohort)).set(bearer(admin)).expect(200)).body).data;
const candidates = async (cohort: string, search?: string) =>
  CohortInstructorsResponseSchema.parse(
    (
      await t.http
        .get(`${base(cohort)}/candidates`)
        .query(search ? { search_query: search } : {})
        .set(bearer(admin))
        .expect(200)
    ).body,
  ).data;
const assign = (cohort: string, who: { id_slug: string }, as: TestUser = admin) =>
  t.http.post(base(cohort)).set(bearer(as)).send({ user_id_slug: who.id_slug });
const remove = (cohort: string, who: { id_slug: string }, as: TestUser = admin) =>
  t.http.delete(`${base(cohort)}/${who.id_slug}`).set(bearer(as));
const homeOf = async (who: TestUser) =>
  InstructorCohortsResponseSchema.parse((await t.http.get('/api/instructor/cohorts').set(bearer(who)).expect(200)).body).data.map(
    (c) => c.id_slug,
  );

/** A running cohort of one course with a project lesson, graded, and one student: all through the admin API. */
async function projectCohort() {
  n++;
  const course = await makeCourse(t, admin, {
    title: `Layout course ${n}`,
    modules: [{ title: 'M1', lessons: [{ title: 'Layout project', lesson_type: 'PROJECT' }] }],
  });
  const cohort = await makeCohort(t, admin, { title: `Layout cohort ${n}`, course_ids: [course.id_slug] });
  const project = course.modules[0].lessons[0].id_slug;
  await t.http
    .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${project}/grade-item`)
    .set(bearer(admin))
    .send({ deadline_datetime: isoIn(7), grade_percentage: 100 })
    .expect(200);
  await enrol(t, admin, cohort.id_slug, student);
  return { cohort, project };
}

describe('assigning instructors', () => {
  it("assigns and removes a cohort's instructors, listed by name, and the cohort comes and goes in their home", async () => {
    const { cohort } = await projectCohort();
    expect(await list(cohort.id_slug)).toEqual([]);
    expect(await homeOf(teacher)).not.toContain(cohort.id_slug);

    const after = CohortInstructorsResponseSchema.parse((await assign(cohort.id_slug, teacher).expect(201)).body).data;
    expect(after).toEqual([
      { id_slug: teacher.id_slug, first_name: 'Farid', last_name: 'Teacher', email: teacher.email, role: 'INSTRUCTOR' },
    ]);
    // Assigning again changes nothing; an admin may teach too.
    await assign(cohort.id_slug, teacher).expect(201);
    await assign(cohort.id_slug, admin).expect(201);
    expect((await list(cohort.id_slug)).map((i) => i.id_slug)).toEqual([teacher.id_slug, admin.id_slug]);
    expect(await homeOf(teacher)).toContain(cohort.id_slug);
    expect(await homeOf(otherTeacher)).not.toContain(cohort.id_slug);

    const removed = CohortInstructorsResponseSchema.parse((await remove(cohort.id_slug, teacher).expect(200)).body).data;
    expect(removed.map((i) => i.id_slug)).toEqual([admin.id_slug]);
    expect(await homeOf(teacher)).not.toContain(cohort.id_slug);
    const again = await remove(cohort.id_slug, teacher);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(INSTRUCTOR_MESSAGES.notTeaching);
  });

  it('offers staff not yet teaching the cohort, searched by name or email; never students', async () => {
    const { cohort } = await projectCohort();
    const all = (await candidates(cohort.id_slug)).map((c) => c.id_slug);
    expect(all).toEqual(expect.arrayContaining([teacher.id_slug, otherTeacher.id_slug, admin.id_slug]));
    expect(all).not.toContain(student.id_slug);
    expect((await candidates(cohort.id_slug, 'farid teach')).map((c) => c.id_slug)).toEqual([teacher.id_slug]);
    expect((await candidates(cohort.id_slug, otherTeacher.email.toUpperCase())).map((c) => c.id_slug)).toEqual([otherTeacher.id_slug]);
    expect(await candidates(cohort.id_slug, student.email)).toEqual([]);
    await assign(cohort.id_slug, teacher).expect(201);
    expect((await candidates(cohort.id_slug)).map((c) => c.id_slug)).not.toContain(teacher.id_slug);
  });

  it('refuses a student account, an unknown account and an unknown cohort', async () => {
    const { cohort } = await projectCohort();
    for (const who of [student, { id_slug: '0123456789abcdef0123456789abcdef' }]) {
      const res = await assign(cohort.id_slug, who);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ user_id_slug: INSTRUCTOR_MESSAGES.notStaff });
    }
    expect((await assign(cohort.id_slug, { id_slug: 'not a slug' })).status).toBe(400);
    expect(await list(cohort.id_slug)).toEqual([]);
    await assign('0123456789abcdef0123456789abcdef', teacher).expect(404);
    await t.http
      .get(`${base('0123456789abcdef0123456789abcdef')}/candidates`)
      .set(bearer(admin))
      .expect(404);
  });

  it('only admins assign, remove or read the instructors, whoever teaches the cohort', async () => {
    const { cohort } = await projectCohort();
    await assign(cohort.id_slug, teacher).expect(201);
    for (const who of [teacher, otherTeacher, student]) {
      await assign(cohort.id_slug, otherTeacher, who).expect(403);
      await assign(cohort.id_slug, who, who).expect(403);
      await remove(cohort.id_slug, teacher, who).expect(403);
      await t.http.get(base(cohort.id_slug)).set(bearer(who)).expect(403);
      await t.http
        .get(`${base(cohort.id_slug)}/candidates`)
        .set(bearer(who))
        .expect(403);
    }
    await t.http.post(base(cohort.id_slug)).send({ user_id_slug: teacher.id_slug }).expect(401);
    expect((await list(cohort.id_slug)).map((i) => i.id_slug)).toEqual([teacher.id_slug]);
  });
});

describe("an instructor's reach follows the assignment at once", () => {
  it('grades only while assigned: removed, the next request finds nothing to grade', async () => {
    const { cohort, project } = await projectCohort();
    const zip = makeZip([{ name: 'top.gds.txt', data: 'layout' }]);
    const sub = (
      await t.http
        .post(`/api/cohorts/${cohort.id_slug}/lessons/${project}/project/submission`)
        .set(bearer(student))
        .attach('file', zip, 'layout.zip')
        .expect(201)
    ).body.data.submission.id_slug as string;
    const items = () => t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(teacher));
    const submission = () => t.http.get(`/api/grading/submissions/${sub}`).set(bearer(teacher));
    const grade = () => t.http.put(`/api/grading/submissions/${sub}/grade`).set(bearer(teacher)).send({ user_grade: 70, feedback: 'ok' });

    await items().expect(404);
    await submission().expect(404);
    await assign(cohort.id_slug, teacher).expect(201);
    await items().expect(200);
    await submission().expect(200);
    await grade().expect(200);
    // Another instructor's assignment elsewhere gives them nothing here.
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/items`).set(bearer(otherTeacher)).expect(404);

    await remove(cohort.id_slug, teacher).expect(200);
    await items().expect(404);
    await submission().expect(404);
    await grade().expect(404);
    await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(teacher)).expect(404);
  });
});

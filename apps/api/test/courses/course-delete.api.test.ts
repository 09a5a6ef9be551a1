import { courseInUseMessage } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz } from '../fixtures/grade-item.fixtures';

/** An admin deletes a course no cohort uses; one a cohort uses is refused with a 409 naming the cohorts. */
let t: TestApp;
let admin: TestUser;
let instructor: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t);
});
afterAll(async () => t?.close());

const del = (slug: string, as: TestUser = admin) => t.http.delete(`/api/courses/admin/${slug}`).set(bearer(as));
const detail = (slug: string) => t.http.get(`/api/courses/admin/${slug}`).set(bearer(admin));
const listed = async (title: string) =>
  (await t.http.get('/api/courses/admin/list').query({ search_query: title }).set(bearer(admin)).expect(200)).body.data.map(
    (c: { title: string }) => c.title,
  );
const withLessons = (title: string) =>
  makeCourse(t, admin, {
    title,
    modules: [{ title: 'Basics', lessons: [{ title: `${title} quiz` }, { title: `${title} reading`, lesson_type: 'READING' }] }],
  });

describe('DELETE /api/courses/admin/:courseId', () => {
  it('deletes a course no cohort uses, with its modules, lessons and quiz', async () => {
    const course = await withLessons('Mistaken course');
    await authorQuiz(t, admin, course.modules[0].lessons[0].id_slug);
    expect((await del(course.id_slug).expect(200)).body).toEqual({ message: 'Course deleted' });
    await detail(course.id_slug).expect(404);
    expect(await listed('Mistaken course')).toEqual([]);
    const [left] = await t.ds.query(
      `SELECT (SELECT count(*)::int FROM lessons WHERE id_slug = ANY($1::text[])) AS lessons,
              (SELECT count(*)::int FROM quiz_groups q JOIN lessons l ON l.id = q.lesson_id WHERE l.id_slug = ANY($1::text[])) AS quizzes`,
      [course.modules[0].lessons.map((l) => l.id_slug)],
    );
    expect(left).toEqual({ lessons: 0, quizzes: 0 });
    await del(course.id_slug).expect(404);
  });

  it('refuses a course a cohort uses, naming the cohorts, and keeps it whole', async () => {
    const course = await withLessons('Taught course');
    const spare = await withLessons('Spare course');
    const a = await makeCohort(t, admin, { title: 'Alpha cohort', course_ids: [course.id_slug, spare.id_slug] });
    const b = await makeCohort(t, admin, { title: 'Beta cohort', course_ids: [course.id_slug] });
    await enrol(t, admin, b.id_slug, student);
    const refused = await del(course.id_slug).expect(409);
    expect(refused.body.message).toBe(courseInUseMessage(['Alpha cohort', 'Beta cohort']));
    expect(refused.body.message).toBe('This course cannot be deleted: it is used by the cohorts Alpha cohort, Beta cohort.');
    expect((await detail(course.id_slug).expect(200)).body.data.modules[0].lessons).toHaveLength(2);
    const view = await t.http.get(`/api/cohorts/${b.id_slug}/user/${student.id_slug}/`).set(bearer(student)).expect(200);
    expect(view.body.data.courses_part.map((c: { title: string }) => c.title)).toEqual(['Taught course']);

    // Unlinked from the cohort without students, it is used by one cohort still.
    await t.http.delete(`/api/cohorts/admin/${a.id_slug}/courses/${course.id_slug}`).set(bearer(admin)).expect(200);
    expect((await del(course.id_slug).expect(409)).body.message).toBe(courseInUseMessage(['Beta cohort']));
    // Once that cohort is deleted too, no cohort uses it.
    await t.http.delete(`/api/cohorts/admin/${b.id_slug}`).set(bearer(admin)).expect(200);
    await del(course.id_slug).expect(200);
    await detail(course.id_slug).expect(404);
  });

  it('is refused to students and instructors, and answers 404 for an unknown course', async () => {
    const course = await withLessons('Guarded course');
    const cohort = await makeCohort(t, admin, { title: 'Guard cohort', course_ids: [course.id_slug] });
    await linkInstructor(t, admin, cohort.id_slug, instructor);
    const free = await withLessons('Free course');
    for (const who of [student, instructor]) {
      await del(free.id_slug, who).expect(403);
      await del(course.id_slug, who).expect(403);
    }
    await detail(free.id_slug).expect(200);
    await del('0123456789abcdef0123456789abcdef').expect(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';

let t: TestApp;
let admin: TestUser;
let instructor: TestUser;
let course: string;
let cohort: { id: string; id_slug: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  course = (
    await makeCourse(t, admin, {
      title: 'Sized course',
      modules: Array.from({ length: 4 }, (_, i) => ({
        title: `M${i}`,
        lessons: Array.from({ length: 5 }, (_lesson, j) => ({ title: `L${i}.${j}` })),
      })),
    })
  ).id_slug;
  cohort = await makeCohort(t, admin, { title: 'Sized cohort', course_ids: [course] });
  await linkInstructor(t, admin, cohort.id_slug, instructor);
});
afterAll(async () => t?.close());

/** Grows the school: more students (enrolled), more courses, cohorts and certificates. */
async function grow(n: number) {
  await t.ds.query(
    `WITH u AS (
       INSERT INTO users (email, first_name, last_name, role, password_hash)
       SELECT 'sized' || i || '-' || $2 || '@example.com', 'Sized', 'Student ' || i, 'STUDENT', 'x' FROM generate_series(1, $1::int) i
       RETURNING id)
     INSERT INTO enrolments (cohort_id, user_id) SELECT $3, id FROM u`,
    [n, Date.now(), cohort.id],
  );
  await t.ds.query(
    `INSERT INTO cohort_queue (cohort_id, email) SELECT $1, 'q' || i || '-' || $2 || '@example.com' FROM generate_series(1, $3::int) i`,
    [cohort.id, Date.now(), n],
  );
  await t.ds.query(`INSERT INTO courses (title) SELECT 'Extra course ' || i FROM generate_series(1, $1::int) i`, [n / 10]);
  await t.ds.query(`INSERT INTO certificates (title) SELECT 'Extra certificate ' || i FROM generate_series(1, $1::int) i`, [n / 10]);
}

const READS = () => [
  '/api/courses/admin/list',
  '/api/courses/admin/list?search_query=course',
  `/api/courses/admin/${course}`,
  '/api/cohorts/admin/list',
  '/api/cohorts/admin/list/active',
  `/api/cohorts/admin/${cohort.id_slug}`,
  '/api/auth/admin/students/list?role=STUDENT',
  '/api/auth/admin/students/list?role=STUDENT&search_query=student&order_by=first_name',
  `/api/auth/admin/students/list?role=STUDENT&exclude_cohort_id_slug=${cohort.id_slug}`,
  `/api/cohorts/admin/${cohort.id_slug}/students?search_query=sized`,
  `/api/cohorts/admin/${cohort.id_slug}/queue`,
  '/api/certificates/admin/list',
];

describe('admin reads', () => {
  it('take one SQL statement each, whatever the size of the school', async () => {
    for (const size of [20, 400]) {
      await grow(size);
      for (const url of READS()) {
        const statements = await countStatements(() => t.http.get(url).set(bearer(admin)).expect(200));
        expect(statements, `${url} with ${size} more students`).toBe(1);
      }
    }
    // The first request of a user in a process reads their token version once (then cached).
    await t.http.get('/api/instructor/cohorts').set(bearer(instructor)).expect(200);
    const statements = await countStatements(() => t.http.get('/api/instructor/cohorts').set(bearer(instructor)).expect(200));
    expect(statements).toBe(1);
  });
});

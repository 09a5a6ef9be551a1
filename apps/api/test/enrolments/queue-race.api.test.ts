import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * A registration racing a bulk add of the same email: whatever the interleaving, the new student
 * ends up enrolled exactly once and no longer queued.
 */
let t: TestApp;
let admin: TestUser;
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  const course = await makeCourse(t, admin, { title: 'Race course', modules: [{ title: 'M', lessons: [{ title: 'L' }] }] });
  cohort = await makeCohort(t, admin, { title: 'Race cohort', course_ids: [course.id_slug] });
});
afterAll(async () => t?.close());

describe('registration racing a bulk add of the same email', () => {
  it('ends enrolled exactly once and not queued, in each of 50 trials', async () => {
    const wrong: string[] = [];
    for (let trial = 0; trial < 50; trial++) {
      const email = `racer${trial}-${Date.now()}@example.com`;
      const others = Array.from({ length: 200 }, (_, i) => ({
        email: `other${trial}.${i}@example.com`,
        first_name: 'Other',
        last_name: 'Person',
      }));
      // The bulk add is sent first half the time, so both orders of arrival are tried.
      const register = () =>
        t.http.post('/api/auth/register/').send({ email, password: 'Wafer#Lattice-2026x', first_name: 'Race', last_name: 'Runner' });
      const bulk = () =>
        t.http
          .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk/`)
          .set(bearer(admin))
          .send({
            students:
              trial % 2
                ? [...others, { email, first_name: 'Race', last_name: 'Runner' }]
                : [{ email, first_name: 'Race', last_name: 'Runner' }, ...others],
          });
      const [a, b] = trial % 2 ? await Promise.all([bulk(), register()]) : await Promise.all([register(), bulk()]);
      expect([a.status, b.status].sort()).toEqual([200, 201].sort());
      const [state] = await t.ds.query(
        `SELECT (SELECT count(*)::int FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.cohort_id = $2) AS enrolled,
                (SELECT count(*)::int FROM cohort_queue WHERE email = $1) AS queued`,
        [email, cohort.id],
      );
      if (state.enrolled !== 1 || state.queued !== 0) wrong.push(`trial ${trial}: enrolled ${state.enrolled}, queued ${state.queued}`);
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});

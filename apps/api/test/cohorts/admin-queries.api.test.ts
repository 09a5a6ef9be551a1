import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';

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

/** Runs the calls `batch` at a time (the API hashes each new password: a few at once keep the machine busy). */
async function inBatches<T>(items: T[], batch: number, call: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += batch) await Promise.all(items.slice(i, i + batch).map(call));
}

let grown = 0;
/**
 * Grows the school as people do: an admin adds 2n new emails to the cohort in bulk (each queued and
 * invited), n of them sign up through their invitation (and so are enrolled), and admins add
 * courses and certificates.
 */
async function grow(n: number) {
  const round = ++grown;
  const person = (i: number, who: string) => ({ email: `${who}${i}-${round}@example.com`, first_name: 'Sized', last_name: `Student ${i}` });
  const joining = Array.from({ length: n }, (_, i) => person(i, 'sized'));
  const waiting = Array.from({ length: n }, (_, i) => person(i, 'q'));
  const res = await t.http
    .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
    .set(bearer(admin))
    .send({ students: [...joining, ...waiting] })
    .expect(200);
  expect(res.body).toMatchObject({ added_to_queue: 2 * n, errors: 0 });
  const invites = new Map<string, string>();
  const end = Date.now() + 180_000;
  while (invites.size < n) {
    if (Date.now() > end) throw new Error(`${invites.size} of ${n} invitations mailed`);
    const mails: { mail_to: string; text: string }[] = await t.ds.query(
      `SELECT mail_to, text FROM dev_mailbox_messages WHERE mail_to = ANY($1)`,
      [joining.map((p) => p.email)],
    );
    for (const m of mails) invites.set(m.mail_to, /\/create-account\?invite=([A-Za-z0-9_-]+)/.exec(m.text)![1]);
    if (invites.size < n) await new Promise((r) => setTimeout(r, 250));
  }
  await inBatches(joining, 8, (p) =>
    t.http
      .post('/api/auth/register/')
      .send({ ...p, password: 'Chip#Design42', invite: invites.get(p.email) })
      .expect(201),
  );
  const titles = Array.from({ length: n / 10 }, (_, i) => `${i} of round ${round}`);
  await inBatches(titles, 8, (title) =>
    t.http
      .post('/api/courses/admin/create/')
      .set(bearer(admin))
      .send({ title: `Extra course ${title}`, description: '' })
      .expect(201),
  );
  await inBatches(titles, 8, (title) =>
    t.http
      .post('/api/certificates/admin/create')
      .set(bearer(admin))
      .send({ title: `Extra certificate ${title}` })
      .expect(201),
  );
  // The invitations and enrolment notices are mailed by jobs: without this wait their statements were
  // counted with the read measured (a one-statement read counted as 3 to 31).
  await jobsSettled(t);
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
  // Growing the school through the product (about 800 adds and 400 sign-ups) takes tens of seconds on a busy machine.
  it('take one SQL statement each, whatever the size of the school', async () => {
    let grownBy = 0;
    for (const size of [20, 400]) {
      await grow(size);
      grownBy += size;
      const [{ enrolled, queued }] = await t.ds.query(
        `SELECT (SELECT count(*)::int FROM enrolments WHERE cohort_id = $1) AS enrolled,
                (SELECT count(*)::int FROM cohort_queue WHERE cohort_id = $1) AS queued`,
        [cohort.id],
      );
      expect({ enrolled, queued }).toEqual({ enrolled: grownBy, queued: grownBy });
      for (const url of READS()) {
        const statements = await countStatements(() => t.http.get(url).set(bearer(admin)).expect(200));
        expect(statements, `${url} with ${size} more students`).toBe(1);
      }
    }
    // The first request of a user in a process reads their token version once (then cached).
    await t.http.get('/api/instructor/cohorts').set(bearer(instructor)).expect(200);
    const statements = await countStatements(() => t.http.get('/api/instructor/cohorts').set(bearer(instructor)).expect(200));
    expect(statements).toBe(1);
  }, 300_000);
});

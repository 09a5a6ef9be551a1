import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * A student confirming their email racing a bulk add of the same email: whatever the
 * interleaving, the student ends up enrolled exactly once and no longer queued (confirmation and
 * bulk add share the cohort queue lock, as registration through an invitation does).
 */
const WEB_ORIGIN = 'http://site.example.test';
const TRIALS = 20;

let t: TestApp;
let admin: TestUser;
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', WEB_ORIGIN, MAIL_RETRY_DELAY_SECONDS: '1' });
  admin = await createUser(t, { role: 'ADMIN' });
  const course = await makeCourse(t, admin, { title: 'Race course', modules: [{ title: 'M', lessons: [{ title: 'L' }] }] });
  cohort = await makeCohort(t, admin, { title: 'Race cohort', course_ids: [course.id_slug] });
});
afterAll(async () => t?.close());

/** The confirmation link's token mailed to the address, once it is there. */
async function verifyToken(email: string): Promise<string> {
  const end = Date.now() + 60_000;
  for (;;) {
    const [m] = await t.ds.query(`SELECT text FROM dev_mailbox_messages WHERE mail_to = $1`, [email]);
    const match = m && /\/account\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(m.text);
    if (match) return match[1];
    if (Date.now() > end) throw new Error(`no confirmation mail to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('an email confirmation racing a bulk add of the same email', () => {
  it(`ends enrolled exactly once and not queued, in each of ${TRIALS} trials`, async () => {
    const emails = Array.from({ length: TRIALS }, (_, trial) => `racer${trial}-${Date.now()}@example.com`);
    for (const email of emails)
      await t.http
        .post('/api/auth/register/')
        .send({ email, password: 'Wafer#Lattice-2026x', first_name: 'Race', last_name: 'Runner' })
        .expect(201);
    const tokens = await Promise.all(emails.map(verifyToken));
    const wrong: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const email = emails[trial];
      const others = Array.from({ length: 200 }, (_, i) => ({
        email: `other${trial}.${i}@example.com`,
        first_name: 'Other',
        last_name: 'Person',
      }));
      // The bulk add is sent first half the time, so both orders of arrival are tried.
      const confirm = () => t.http.post('/api/auth/verify-email/').send({ token: tokens[trial] });
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
      const [a, b] = trial % 2 ? await Promise.all([bulk(), confirm()]) : await Promise.all([confirm(), bulk()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const [state] = await t.ds.query(
        `SELECT (SELECT count(*)::int FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.cohort_id = $2) AS enrolled,
                (SELECT count(*)::int FROM cohort_queue WHERE email = $1) AS queued`,
        [email, cohort.id],
      );
      if (state.enrolled !== 1 || state.queued !== 0) wrong.push(`trial ${trial}: enrolled ${state.enrolled}, queued ${state.queued}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});

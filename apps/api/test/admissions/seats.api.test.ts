import { INVITATION_INVALID_MESSAGE } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * The seat an offer gives goes to the person it was meant for: only an account that proved the
 * applicant's address is enrolled on acceptance, and an applicant who withdraws after accepting
 * no longer holds the seat (their invitation stops working and the waiting list gets the place).
 */
const WEB_ORIGIN = 'http://site.example.test';
const INTAKE = 'youth-programme-2027';
const PASSWORD = 'Fresh#Wafer7781';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, { title: 'Seats course' });
  cohort = await makeCohort(t, admin, { title: 'Seats Cohort 2027', course_ids: [course.id_slug], start: 30, end: 150 });
  // Every offer of these tests is to this cohort, for the fixture's track (Digital Design).
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/seats/${cohort.id_slug}`)
    .set(bearer(admin))
    .send({ track: 'Digital Design', seats: 100 })
    .expect(200);
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({ criteria: [{ id: 'motivation', title: 'Motivation', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
    .expect(200);
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const inbox = (to: string): Promise<{ subject: string; text: string }[]> =>
  t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

/** The private link of the latest message to the address that has one, once there are n messages with one. */
async function privateLink(to: string, n: number): Promise<string> {
  return until(`private link ${n} to ${to}`, async () => {
    const links = (await inbox(to)).flatMap((m) => {
      const x = /\/applications\/[0-9a-f]+\?token=([A-Za-z0-9_-]+)/.exec(m.text);
      return x ? [x[1]] : [];
    });
    return links.length >= n && links[n - 1];
  });
}
const inviteOf = (to: string) =>
  until(`the invitation to ${to}`, async () => {
    const m = (await inbox(to)).find((x) => x.text.includes('/create-account?invite='));
    return m && /\/create-account\?invite=([A-Za-z0-9_-]+)/.exec(m.text)![1];
  });

let seq = 0;
/** An application screened, assigned and scored `s`, ready for a decision. */
async function reviewed(s = 4, email = `seat${++seq}-${Date.now()}@apply.test`) {
  await t.http.post('/api/sheet/submit-form/').send(validApplication({ email })).expect(201);
  const [row] = await t.ds.query(`SELECT id, id_slug FROM programme_applications WHERE email = $1`, [email]);
  await t.http
    .post(`/api/admissions/admin/applications/${row.id_slug}/screening`)
    .set(bearer(admin))
    .send({ eligible: true, reason: '' })
    .expect(200);
  await t.http
    .post('/api/admissions/admin/assignments')
    .set(bearer(admin))
    .send({ application_ids: [row.id_slug], reviewer_ids: [reviewer.id_slug] })
    .expect(200);
  // The reviewer declares no conflict of interest before their review opens.
  await t.http
    .post(`/api/admissions/review/applications/${row.id_slug}/declaration`)
    .set(bearer(reviewer))
    .send({ conflict: false })
    .expect(200);
  await t.http
    .put(`/api/admissions/review/applications/${row.id_slug}/score`)
    .set(bearer(reviewer))
    .send({ scores: { motivation: s }, comment: '' })
    .expect(200);
  return { email, id_slug: row.id_slug as string, id: row.id as string };
}
const decide = (ids: string[], decision: string, extra: Record<string, unknown> = {}) =>
  t.http
    .post('/api/admissions/admin/decisions')
    .set(bearer(admin))
    .send({ application_ids: ids, decision, reason: 'Panel decision', ...extra });
const offer = (ids: string[]) => decide(ids, 'OFFER', { cohort_id: cohort.id_slug, accept_by: isoIn(7) });
const status = async (id: string) => (await t.ds.query(`SELECT status FROM programme_applications WHERE id_slug = $1`, [id]))[0].status;
const enrolledIn = async (email: string) =>
  (
    await t.ds.query(`SELECT 1 FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.cohort_id = $2`, [
      email,
      cohort.id,
    ])
  ).length;
const accept = async (a: { email: string; id_slug: string }) => {
  const token = await privateLink(a.email, 2);
  const res = await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token }).expect(200);
  return { token, res };
};

describe('an accepted offer enrols only an account that proved the address', () => {
  it('an attacker who registered the applicant’s email first gets no seat when the applicant accepts', async () => {
    const a = await reviewed();
    const attacker = await t.http
      .post('/api/auth/register/')
      .send({ email: a.email, password: PASSWORD, first_name: 'Mallory', last_name: 'First' })
      .expect(201);
    await offer([a.id_slug]).expect(200);
    const { res } = await accept(a);
    expect(res.body).toMatchObject({ next: 'account_setup', data: { status: 'ACCEPTED' } });
    expect(await enrolledIn(a.email)).toBe(0);
    expect(await status(a.id_slug)).toBe('ACCEPTED');
    const classes = await t.http
      .get(`/api/user-cohorts/user/${attacker.body.user.id_slug}/`)
      .set('Authorization', `Bearer ${attacker.body.access}`)
      .expect(200);
    expect(JSON.stringify(classes.body)).not.toContain('Seats Cohort 2027');
  });
});

describe('a withdrawal after accepting gives the seat on', () => {
  it('the applicant withdraws: the invitation no longer enrols them, the application stays WITHDRAWN, the waiting list gets the place', async () => {
    const waiting = await reviewed(5);
    await decide([waiting.id_slug], 'WAITLIST').expect(200);
    const a = await reviewed();
    await offer([a.id_slug]).expect(200);
    const { token } = await accept(a);
    const invite = await inviteOf(a.email);
    await t.http.post(`/api/admissions/status/${a.id_slug}/withdraw`).send({ token }).expect(200);

    const lookup = await t.http.post('/api/auth/invitation/').send({ token: invite }).expect(400);
    expect(lookup.body.message).toBe(INVITATION_INVALID_MESSAGE);
    await t.http
      .post('/api/auth/register/')
      .send({ email: a.email, password: PASSWORD, first_name: 'Ina', last_name: 'Applicant', invite })
      .expect(400);
    expect(await enrolledIn(a.email)).toBe(0);
    expect(await status(a.id_slug)).toBe('WITHDRAWN');
    await until('the promotion', async () => (await status(waiting.id_slug)) === 'OFFERED');
  });

  it('an admin withdraws an accepted applicant: the same', async () => {
    const waiting = await reviewed(5);
    await decide([waiting.id_slug], 'WAITLIST').expect(200);
    const a = await reviewed();
    await offer([a.id_slug]).expect(200);
    await accept(a);
    const invite = await inviteOf(a.email);
    await decide([a.id_slug], 'WITHDRAW').expect(200);
    expect(await status(a.id_slug)).toBe('WITHDRAWN');
    await t.http
      .post('/api/auth/register/')
      .send({ email: a.email, password: PASSWORD, first_name: 'Ina', last_name: 'Applicant', invite })
      .expect(400);
    expect(await enrolledIn(a.email)).toBe(0);
    expect(await status(a.id_slug)).toBe('WITHDRAWN');
    await until('the promotion', async () => (await status(waiting.id_slug)) === 'OFFERED');
  });
});

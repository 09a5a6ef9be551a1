import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  ADD_STUDENT_ONE_OF,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  INVITATION_USED_MESSAGE,
  NOT_IN_QUEUE_MESSAGE,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { INVITATION_JOB } from '../../src/modules/enrolments/invitations.service';
import { ALREADY_IN_QUEUE, EMAIL_IN_COHORT, NOT_A_STUDENT } from '../../src/modules/enrolments/bulk-add.service';

const WEB_ORIGIN = 'http://site.example.test';
const PASSWORD = 'Fresh#Wafer7781';
const FAST = { DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN };

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const inbox = (t: TestApp, to: string): Promise<{ subject: string; html: string; text: string }[]> =>
  t.ds.query(`SELECT subject, html, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

/** Waits for the n-th message to the address and answers the token of its invitation link. */
async function nthInvite(t: TestApp, to: string, n: number): Promise<string> {
  const mails = await until(`invitation ${n} to ${to}`, async () => {
    const m = await inbox(t, to);
    return m.length >= n && m;
  });
  const match = /\/create-account\?invite=([A-Za-z0-9_-]+)/.exec(mails[n - 1].text);
  if (!match) throw new Error('no invitation link in the message');
  return match[1];
}

let seq = 0;
const newEmail = (what: string) => `${what}-${++seq}@invited.test`;

function api(t: TestApp) {
  return {
    bulk: (u: TestUser, cohort: string, students: { email: string; first_name?: string; last_name?: string }[]) =>
      t.http
        .post(`/api/cohorts/admin/${cohort}/add-student-bulk`)
        .set(bearer(u))
        .send({ students: students.map((s) => ({ first_name: '', last_name: '', ...s })) }),
    list: (u: TestUser, cohort: string) => t.http.get(`/api/cohorts/admin/${cohort}/invitations`).set(bearer(u)),
    resend: (u: TestUser, cohort: string, email: string) =>
      t.http.post(`/api/cohorts/admin/${cohort}/invitations/resend`).set(bearer(u)).send({ email }),
    resendAll: (u: TestUser, cohort: string) => t.http.post(`/api/cohorts/admin/${cohort}/invitations/resend-all`).set(bearer(u)).send({}),
    withdraw: (u: TestUser, cohort: string, email: string) =>
      t.http.delete(`/api/cohorts/admin/${cohort}/queue`).set(bearer(u)).send({ email }),
    lookup: (token: string) => t.http.post('/api/auth/invitation/').send({ token }),
    register: (email: string, invite?: string, extra: Record<string, unknown> = {}) =>
      t.http
        .post('/api/auth/register/')
        .send({ email, password: PASSWORD, first_name: 'Ina', last_name: 'Vited', ...(invite === undefined ? {} : { invite }), ...extra }),
  };
}

const statusOf = async (t: TestApp, admin: TestUser, cohort: string, email: string) =>
  ((await api(t).list(admin, cohort).expect(200)).body.results as { email: string; status: string }[]).find((r) => r.email === email)
    ?.status;

const enrolled = async (t: TestApp, email: string) =>
  (
    await t.ds.query(
      `SELECT k.id_slug FROM enrolments e JOIN users u ON u.id = e.user_id JOIN cohorts k ON k.id = e.cohort_id WHERE u.email = $1`,
      [email],
    )
  ).map((r: { id_slug: string }) => r.id_slug);

describe('invitations through the development mailbox', () => {
  let t: TestApp;
  let admin: TestUser;
  let student: TestUser;
  let instructor: TestUser;
  let courseSlug: string;
  let a: ReturnType<typeof api>;
  const cohort = (title: string, end = 60) => makeCohort(t, admin, { title, course_ids: [courseSlug], end });

  beforeAll(async () => {
    t = await createTestApp(FAST);
    a = api(t);
    admin = await createUser(t, { role: 'ADMIN' });
    student = await createUser(t, { role: 'STUDENT' });
    instructor = await createUser(t, { role: 'INSTRUCTOR' });
    courseSlug = (await makeCourse(t, admin, { title: 'Invitation course', modules: [{ title: 'M', lessons: [{ title: 'I1' }] }] }))
      .id_slug;
  });
  afterAll(async () => t?.close());

  it('a queued email is mailed an invitation (school, cohort, dates, link); the token is stored hashed; sent, opened, accepted', async () => {
    const k = await cohort('Etching Autumn 2027');
    const email = newEmail('new');
    const res = await a.bulk(admin, k.id_slug, [{ email, first_name: 'Nora', last_name: 'New' }]).expect(200);
    expect(res.body.added_to_queue).toBe(1);
    const token = await nthInvite(t, email, 1);
    const [mail] = await inbox(t, email);
    expect(mail.subject).toBe('You are invited to join Etching Autumn 2027 at ChipSkills Academy');
    expect(mail.text).toContain('ChipSkills Academy');
    expect(mail.text).toContain('Hello Nora,');
    expect(mail.text).toMatch(/Dates: \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/);
    expect(mail.html).toContain(`href="${WEB_ORIGIN}/create-account?invite=${token}"`);

    // Only the hash is kept.
    const [row] = await t.ds.query(`SELECT token_hash FROM cohort_invitations WHERE email = $1`, [email]);
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await t.ds.query(`SELECT * FROM cohort_invitations`))).not.toContain(token);
    expect(JSON.stringify(await t.ds.query(`SELECT data FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [INVITATION_JOB]))).not.toContain(token);

    await until('sent', async () => (await statusOf(t, admin, k.id_slug, email)) === 'sent');
    const looked = await a.lookup(token).expect(200);
    expect(looked.body).toMatchObject({
      email,
      first_name: 'Nora',
      last_name: 'New',
      cohort_id_slug: k.id_slug,
      cohort_title: 'Etching Autumn 2027',
    });
    expect(await statusOf(t, admin, k.id_slug, email)).toBe('opened');

    const reg = await a.register(email, token).expect(201);
    expect(reg.body.user.email).toBe(email);
    expect(await enrolled(t, email)).toEqual([k.id_slug]);
    const list = (await a.list(admin, k.id_slug).expect(200)).body;
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ email, status: 'accepted', accepted_at: expect.any(String) });
    // The queue itself is empty: the person is a student of the cohort now.
    expect((await t.http.get(`/api/cohorts/admin/${k.id_slug}/queue`).set(bearer(admin)).expect(200)).body.count).toBe(0);

    // Single use: the link is spent.
    expect((await a.lookup(token).expect(400)).body.message).toBe(INVITATION_USED_MESSAGE);
    const again = await a.register(newEmail('again'), token).expect(400);
    expect(again.body.errors).toEqual({ invite: INVITATION_USED_MESSAGE });
  });

  it('a token registers only the invited email, and enrols only where that email was queued', async () => {
    const k1 = await cohort('Deposition A');
    const k2 = await cohort('Deposition B');
    const invited = newEmail('invited');
    const other = newEmail('other');
    await a.bulk(admin, k1.id_slug, [{ email: invited }]).expect(200);
    await a.bulk(admin, k2.id_slug, [{ email: other }]).expect(200);
    const token = await nthInvite(t, invited, 1);

    const wrong = await a.register(other, token).expect(400);
    expect(wrong.body.errors).toEqual({ email: INVITATION_OTHER_EMAIL_MESSAGE });
    expect(await t.ds.query(`SELECT 1 FROM users WHERE email = $1`, [other])).toEqual([]);
    // Nothing of k2 is reachable with k1's token; the invited person joins k1 alone.
    await a.register(invited, token).expect(201);
    expect(await enrolled(t, invited)).toEqual([k1.id_slug]);
    expect(await statusOf(t, admin, k2.id_slug, other)).toBeDefined();
    expect(await statusOf(t, admin, k2.id_slug, other)).not.toBe('accepted');

    expect((await a.register(newEmail('x'), 'not-a-real-token').expect(400)).body.errors).toEqual({ invite: INVITATION_INVALID_MESSAGE });
    expect((await a.lookup('not-a-real-token').expect(400)).body.message).toBe(INVITATION_INVALID_MESSAGE);
    await a.lookup('').expect(400);
  });

  it("the link expires with the cohort's end_access_date", async () => {
    const k = await cohort('Implant Winter');
    const email = newEmail('late');
    await a.bulk(admin, k.id_slug, [{ email }]).expect(200);
    const token = await nthInvite(t, email, 1);
    await a.lookup(token).expect(200);
    await t.ds.query(
      `UPDATE cohorts SET start_date = now() - interval '30 days', end_date = now() - interval '2 days', end_access_date = now() - interval '1 day' WHERE id = $1`,
      [k.id],
    );
    expect((await a.lookup(token).expect(400)).body.message).toBe(INVITATION_EXPIRED_MESSAGE);
    expect((await a.register(email, token).expect(400)).body.errors).toEqual({ invite: INVITATION_EXPIRED_MESSAGE });
    expect(await statusOf(t, admin, k.id_slug, email)).toBe('expired');
    expect((await a.resend(admin, k.id_slug, email).expect(409)).body.message).toBe(INVITATION_EXPIRED_MESSAGE);
    expect((await a.resendAll(admin, k.id_slug).expect(202)).body).toEqual({ resent: 0 });
  });

  it('resend one replaces the link; resend all mails every queued person anew', async () => {
    const k = await cohort('Metrology');
    const [p, q] = [newEmail('p'), newEmail('q')];
    await a.bulk(admin, k.id_slug, [{ email: p }, { email: q }]).expect(200);
    const first = await nthInvite(t, p, 1);
    await nthInvite(t, q, 1);
    await a.lookup(first).expect(200);

    expect((await a.resend(admin, k.id_slug, p).expect(202)).body).toEqual({ resent: 1 });
    const second = await nthInvite(t, p, 2);
    expect(second).not.toBe(first);
    expect((await a.lookup(first).expect(400)).body.message).toBe(INVITATION_INVALID_MESSAGE);
    await until('sent again', async () => (await statusOf(t, admin, k.id_slug, p)) === 'sent');
    expect((await inbox(t, q)).length).toBe(1);

    expect((await a.resendAll(admin, k.id_slug).expect(202)).body).toEqual({ resent: 2 });
    await nthInvite(t, p, 3);
    await nthInvite(t, q, 2);
    expect((await a.resend(admin, k.id_slug, newEmail('stranger')).expect(404)).body.message).toBe(NOT_IN_QUEUE_MESSAGE);
    await a.resend(admin, '0123456789abcdef0123456789abcdef', p).expect(404);
    await a.resend(admin, k.id_slug, 'not an email').expect(400);
  });

  it('withdraw takes the person out of the queue: the link stops working and sign-up no longer enrols them', async () => {
    const k = await cohort('Packaging');
    const email = newEmail('gone');
    await a.bulk(admin, k.id_slug, [{ email }]).expect(200);
    const token = await nthInvite(t, email, 1);
    expect((await a.withdraw(admin, k.id_slug, email).expect(200)).body).toEqual({ email });
    expect(await statusOf(t, admin, k.id_slug, email)).toBeUndefined();
    expect((await a.lookup(token).expect(400)).body.message).toBe(INVITATION_INVALID_MESSAGE);
    await a.register(email, token).expect(400);
    await a.register(email).expect(201);
    expect(await enrolled(t, email)).toEqual([]);
    expect((await a.withdraw(admin, k.id_slug, email).expect(404)).body.message).toBe(NOT_IN_QUEUE_MESSAGE);
  });

  it('registering without the link enrols nobody until the address is confirmed; confirming accepts the invitation', async () => {
    const k = await cohort('Yield');
    const email = newEmail('plain');
    await a.bulk(admin, k.id_slug, [{ email }]).expect(200);
    await nthInvite(t, email, 1);
    await a.register(email).expect(201);
    expect(await enrolled(t, email)).toEqual([]);
    expect(await statusOf(t, admin, k.id_slug, email)).not.toBe('accepted');
    const token = await until('the confirmation mail', async () => {
      const m = (await inbox(t, email)).find((x) => x.text.includes('/account/verify-email?token='));
      return m && /\/account\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1];
    });
    await t.http.post('/api/auth/verify-email/').send({ token }).expect(200);
    expect(await enrolled(t, email)).toEqual([k.id_slug]);
    expect(await statusOf(t, admin, k.id_slug, email)).toBe('accepted');
  });

  it('the single add by email queues and invites a person without an account, as the bulk add does', async () => {
    const k = await cohort('Lithography Single');
    const email = newEmail('single');
    const add = (u: TestUser, body: Record<string, unknown>) =>
      t.http.post(`/api/cohorts/admin/${k.id_slug}/add-student`).set(bearer(u)).send(body);

    const res = await add(admin, { email: ` ${email.toUpperCase()} `, first_name: 'Sol', last_name: 'Single' }).expect(201);
    expect(res.body).toMatchObject({
      total_processed: 1,
      added_to_queue: 1,
      queued_students: [{ email, first_name: 'Sol', last_name: 'Single' }],
    });
    const token = await nthInvite(t, email, 1);
    expect((await inbox(t, email))[0].text).toContain('Hello Sol,');
    await until('sent', async () => (await statusOf(t, admin, k.id_slug, email)) === 'sent');
    const queue = (await t.http.get(`/api/cohorts/admin/${k.id_slug}/queue`).set(bearer(admin)).expect(200)).body;
    expect(queue.results).toEqual([{ email, first_name: 'Sol', last_name: 'Single' }]);

    // Added again: refused with a reason, and no second invitation goes out.
    expect((await add(admin, { email }).expect(409)).body.message).toBe(ALREADY_IN_QUEUE);
    // An email with a student account enrols that student; staff accounts and enrolled students are refused.
    const named = await add(admin, { email: student.email }).expect(201);
    expect(named.body).toMatchObject({ successfully_added_to_cohort: 1, added_to_queue: 0 });
    expect(await enrolled(t, student.email)).toContain(k.id_slug);
    expect((await add(admin, { email: student.email }).expect(409)).body.message).toBe(EMAIL_IN_COHORT);
    expect((await add(admin, { email: instructor.email }).expect(409)).body.message).toBe(NOT_A_STUDENT);
    // Bad bodies are clear 400s; the add by account still works as before.
    expect((await add(admin, {}).expect(400)).body.errors).toEqual({ email: ADD_STUDENT_ONE_OF });
    expect(Object.keys((await add(admin, { email: 'nope' }).expect(400)).body.errors)).toEqual(['email']);
    await add(admin, { user_id_slug: student.id_slug, email }).expect(400);
    await add(admin, { email: newEmail('x'), role: 'ADMIN' }).expect(400);
    await t.http.post(`/api/cohorts/admin/0123456789abcdef0123456789abcdef/add-student`).set(bearer(admin)).send({ email }).expect(404);
    for (const u of [student, instructor]) await add(u, { email: newEmail('nope') }).expect(403);

    await a.register(email, token).expect(201);
    expect(await enrolled(t, email)).toEqual([k.id_slug]);
    expect((await inbox(t, email)).length).toBe(1);
  });

  it('students and instructors cannot list, resend or withdraw', async () => {
    const k = await cohort('Guarded');
    const email = newEmail('guarded');
    await a.bulk(admin, k.id_slug, [{ email }]).expect(200);
    for (const u of [student, instructor]) {
      await a.list(u, k.id_slug).expect(403);
      await a.resend(u, k.id_slug, email).expect(403);
      await a.resendAll(u, k.id_slug).expect(403);
      await a.withdraw(u, k.id_slug, email).expect(403);
    }
    await t.http.get(`/api/cohorts/admin/${k.id_slug}/invitations`).expect(401);
    expect(await statusOf(t, admin, k.id_slug, email)).toBeDefined();
  });
});

describe('a mail server that refuses', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => t?.close());

  it('shows the invitation as failed once the mail job has failed for good', async () => {
    const course = await makeCourse(t, admin, { title: 'Down course', modules: [{ title: 'M', lessons: [{ title: 'D1' }] }] });
    const k = await makeCohort(t, admin, { title: 'Down', course_ids: [course.id_slug] });
    const email = newEmail('bounce');
    await api(t).bulk(admin, k.id_slug, [{ email }]).expect(200);
    // First try fails (retried), the second is the last.
    await until(
      'the job to fail',
      async () => {
        const [job] = await t.ds.query(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [INVITATION_JOB]);
        return job?.state === 'failed';
      },
      60_000,
    );
    const row = (await api(t).list(admin, k.id_slug).expect(200)).body.results[0];
    expect(row).toMatchObject({ email, status: 'failed', failed_at: expect.any(String), sent_at: null });
  }, 90_000);
});

describe('a mail server that refuses one address', () => {
  const REFUSED = 'no-such-user@invited.test';
  const DEFERRED = 'mailbox-full@invited.test';
  let t: TestApp;
  let admin: TestUser;
  let smtp: SMTPServer;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (address.address === REFUSED) return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
        if (address.address === DEFERRED) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 }));
        callback();
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    // Retries far apart: a permanent refusal must not wait for them.
    t = await createTestApp({ ...FAST, MAIL_RETRY_LIMIT: '5', MAIL_RETRY_DELAY_SECONDS: '600', SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('marks the invitation failed at once on a permanent (5xx) refusal, with no retry; a temporary one is retried', async () => {
    const course = await makeCourse(t, admin, { title: 'Bounce course', modules: [{ title: 'M', lessons: [{ title: 'B1' }] }] });
    const k = await makeCohort(t, admin, { title: 'Bounce', course_ids: [course.id_slug] });
    const fine = newEmail('fine');
    await api(t)
      .bulk(admin, k.id_slug, [{ email: REFUSED }, { email: DEFERRED }, { email: fine }])
      .expect(200);
    const jobOf = async (email: string) =>
      (
        await t.ds.query(
          `SELECT j.state, j.retry_count FROM ${JOBS_SCHEMA}.job j JOIN cohort_invitations i ON i.id::text = j.data->>'id'
            WHERE j.name = $1 AND i.email = $2`,
          [INVITATION_JOB, email],
        )
      )[0] as { state: string; retry_count: number } | undefined;

    await until('the refused invitation to fail', async () => (await statusOf(t, admin, k.id_slug, REFUSED)) === 'failed');
    const rows = (await api(t).list(admin, k.id_slug).expect(200)).body.results as { email: string; status: string }[];
    expect(rows.find((r) => r.email === REFUSED)).toMatchObject({ status: 'failed', failed_at: expect.any(String), sent_at: null });
    // Its job completes, untried again, once the rest of its batch has been sent (mail jobs run in batches).
    const refusedJob = await until('the refused job to complete', async () => {
      const job = await jobOf(REFUSED);
      return job?.state === 'completed' && job;
    });
    expect(refusedJob).toEqual({ state: 'completed', retry_count: 0 });
    const [row] = await t.ds.query(`SELECT failure FROM cohort_invitations WHERE email = $1`, [REFUSED]);
    expect(row.failure).toMatch(/^550 /);

    await until('the other invitation to be sent', async () => (await statusOf(t, admin, k.id_slug, fine)) === 'sent');
    // The temporary refusal waits for its retry and is not failed.
    await until('the deferred job to wait for its retry', async () => (await jobOf(DEFERRED))?.state === 'retry');
    expect(await statusOf(t, admin, k.id_slug, DEFERRED)).not.toBe('failed');
  }, 60_000);
});

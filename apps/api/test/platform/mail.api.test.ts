import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { JOBS_SCHEMA, JobsService } from '../../src/platform/jobs/jobs.service';
import { DevMailbox } from '../../src/platform/mail/dev-mailbox';
import { MailService, SEND_MAIL_JOB } from '../../src/platform/mail/mail.service';

const FAST = { DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1' };

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

const inbox = (t: TestApp, to: string) => t.ds.query(`SELECT * FROM dev_mailbox_messages WHERE mail_to = $1`, [to]);
const jobsOf = (t: TestApp, to: string) =>
  t.ds.query(`SELECT id, state, retry_count FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'to' = $2`, [SEND_MAIL_JOB, to]);

describe('the development mailbox', () => {
  let t: TestApp;
  let admin: TestUser;
  let cohort: { id_slug: string };
  beforeAll(async () => {
    t = await createTestApp(FAST);
    admin = await createUser(t, { role: 'ADMIN' });
    const course = await makeCourse(t, admin, { title: 'Wafer basics', modules: [{ title: 'M', lessons: [{ title: 'L1' }] }] });
    cohort = await makeCohort(t, admin, { title: 'Lithography Spring 2027', course_ids: [course.id_slug] });
  });
  afterAll(async () => t?.close());

  it('an admin adding a student queues the notice, sent through SMTP with HTML and text, readable by admins only', async () => {
    const student = await createUser(t, { first_name: 'Nadia' });
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student/`)
      .set(bearer(admin))
      .send({ user_id_slug: student.id_slug })
      .expect(201);
    await until('the message', async () => (await inbox(t, student.email)).length === 1);
    const list = await t.http.get('/api/admin/mailbox').set(bearer(admin)).expect(200);
    const summary = list.body.results.find((m: { to: string }) => m.to === student.email);
    expect(summary).toMatchObject({
      subject: 'You have been enrolled in Lithography Spring 2027',
      from: expect.stringContaining('ChipSkills Academy'),
    });
    const msg = (await t.http.get(`/api/admin/mailbox/${summary.id}`).set(bearer(admin)).expect(200)).body;
    const classUrl = `${t.config.publicUrl}/class/${cohort.id_slug}`;
    expect(msg.html).toContain('Hello Nadia,');
    expect(msg.html).toContain(`href="${classUrl}"`);
    expect(msg.text).toContain('You have been enrolled in Lithography Spring 2027 at ChipSkills Academy.');
    expect(msg.text).toContain(classUrl);
    expect(msg.text).not.toContain('<');
    // Searched by recipient or subject (the newest 200 otherwise), a message stays findable however much mail follows.
    const found = await t.http
      .get('/api/admin/mailbox')
      .query({ search_query: student.email.toUpperCase() })
      .set(bearer(admin))
      .expect(200);
    expect(found.body.results.map((m: { id: string }) => m.id)).toEqual([summary.id]);
    const bySubject = await t.http
      .get('/api/admin/mailbox')
      .query({ search_query: 'Lithography Spring 2027' })
      .set(bearer(admin))
      .expect(200);
    expect(bySubject.body.results.map((m: { id: string }) => m.id)).toContain(summary.id);
    const none = await t.http.get('/api/admin/mailbox').query({ search_query: '100%_no such' }).set(bearer(admin)).expect(200);
    expect(none.body.results).toEqual([]);
    await t.http.get('/api/admin/mailbox').set(bearer(student)).expect(403);
    await t.http.get(`/api/admin/mailbox/${summary.id}`).set(bearer(student)).expect(403);
    await t.http.get('/api/admin/mailbox').expect(401);
    await t.http.get('/api/admin/mailbox/0123456789abcdef0123456789abcdef').set(bearer(admin)).expect(404);
  });

  it('bulk add of existing accounts notifies each newly enrolled student once', async () => {
    const a = await createUser(t, { first_name: 'Ari' });
    const b = await createUser(t, { first_name: 'Bea' });
    const body = { students: [a, b].map((u) => ({ email: u.email, first_name: 'X', last_name: 'Y' })) };
    await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk/`).set(bearer(admin)).send(body).expect(200);
    // Adding them again enrols nobody and queues nothing.
    await t.http.post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk/`).set(bearer(admin)).send(body).expect(200);
    for (const u of [a, b]) await until(`mail to ${u.email}`, async () => (await inbox(t, u.email)).length === 1);
    expect(await jobsOf(t, a.email)).toHaveLength(1);
  });

  it('a job created in a rolled-back transaction never exists, so never runs', async () => {
    const mail = t.app.get(MailService);
    const to = 'rolled-back@example.com';
    await expect(
      t.ds.transaction(async (m) => {
        await mail.queue(m, {
          template: 'enrolled-in-cohort',
          to,
          subjectId: 'rb',
          props: { firstName: 'R', cohortTitle: 'C', startDate: 'a', endDate: 'b', classUrl: 'http://x/class/1' },
        });
        expect((await m.query(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE data->>'to' = $1`, [to]))[0].n).toBe(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await new Promise((r) => setTimeout(r, 3000));
    expect(await jobsOf(t, to)).toEqual([]);
    expect(await inbox(t, to)).toEqual([]);
  });

  it('is idempotent per (template, recipient, subject): queued twice or delivered twice, sent once', async () => {
    const mail = t.app.get(MailService);
    const message = {
      template: 'enrolled-in-cohort' as const,
      to: 'twice@example.com',
      subjectId: 'enrolment:twice',
      props: { firstName: 'T', cohortTitle: 'Twice', startDate: 'a', endDate: 'b', classUrl: 'http://x/class/1' },
    };
    const first = await t.ds.transaction((m) => mail.queue(m, message));
    const second = await t.ds.transaction((m) => mail.queue(m, { ...message, to: 'TWICE@example.com' }));
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await until('the message', async () => (await inbox(t, message.to)).length === 1);
    await mail.deliver(message);
    expect(await inbox(t, message.to)).toHaveLength(1);
    // Another subject is another message.
    await t.ds.transaction((m) => mail.queue(m, { ...message, subjectId: 'enrolment:other' }));
    await until('the second message', async () => (await inbox(t, message.to)).length === 2);
  });
});

describe('SMTP down', () => {
  let t: TestApp;
  let admin: TestUser;
  let port: number;
  const catcher: { box?: DevMailbox } = {};
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ ...FAST, SMTP_URL: `smtp://127.0.0.1:${port}` });
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await catcher.box?.stop();
    await t?.close();
  });

  it('retries with back-off, fails after the last try, shows in failed jobs; Retry sends it', async () => {
    const mail = t.app.get(MailService);
    const to = 'outage@example.com';
    await t.ds.transaction((m) =>
      mail.queue(m, {
        template: 'enrolled-in-cohort',
        to,
        subjectId: 'outage',
        props: { firstName: 'O', cohortTitle: 'Outage', startDate: 'a', endDate: 'b', classUrl: 'http://x/class/1' },
      }),
    );
    const [failed] = await until(
      'the job to fail',
      async () => {
        const rows = await jobsOf(t, to);
        return rows[0]?.state === 'failed' && rows;
      },
      60_000,
    );
    expect(failed.retry_count).toBe(1);
    const [timing] = await t.ds.query(`SELECT retry_delay, retry_backoff FROM ${JOBS_SCHEMA}.job WHERE id = $1`, [failed.id]);
    expect(timing).toMatchObject({ retry_delay: 1, retry_backoff: true });

    const list = await t.http.get('/api/admin/jobs/failed').set(bearer(admin)).expect(200);
    const row = list.body.results.find((j: { id: string }) => j.id === failed.id);
    expect(row).toMatchObject({ name: SEND_MAIL_JOB, data: { to }, error: expect.stringMatching(/ECONNREFUSED|connect/i) });

    // The server comes back (a real SMTP server on the configured port); an admin retries.
    catcher.box = new DevMailbox(t.ds);
    await catcher.box.start(port);
    await t.http.post(`/api/admin/jobs/${failed.id}/retry`).set(bearer(admin)).expect(200);
    await until('the message', async () => (await inbox(t, to)).length === 1, 30_000);
    await until('the job to complete', async () => (await jobsOf(t, to))[0].state === 'completed');
    expect((await t.http.get('/api/admin/jobs/failed').set(bearer(admin)).expect(200)).body.results).toEqual([]);
    await t.http.post(`/api/admin/jobs/${failed.id}/retry`).set(bearer(admin)).expect(404);
    await t.http.post(`/api/admin/jobs/not-a-job/retry`).set(bearer(admin)).expect(400);
  }, 90_000);

  it('with SMTP_URL set there is no development mailbox: its routes are absent', async () => {
    await t.http.get('/api/admin/mailbox').set(bearer(admin)).expect(404);
    await t.http.get('/api/admin/mailbox/0123456789abcdef0123456789abcdef').set(bearer(admin)).expect(404);
    expect(t.app.get(JobsService)).toBeDefined();
  });
});

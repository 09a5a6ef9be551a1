import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { DatabaseProxy } from '../db-proxy';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { JOBS_SCHEMA, JobsService } from '../../src/platform/jobs/jobs.service';
import { MAIL_JOB_EXPIRE_SECONDS } from '../../src/platform/mail/mail-retry';
import { MailService, SEND_MAIL_JOB, type SendMailJob } from '../../src/platform/mail/mail.service';
import { FAST, smtpServer, until } from '../fixtures/smtp.fixtures';

describe('the database goes away just after the SMTP server accepted a message', () => {
  let t: TestApp;
  let admin: TestUser;
  let cohort: { id_slug: string };
  const proxy = new DatabaseProxy();
  /** How long the database stays away after the next message is accepted, in ms. */
  let outage = 0;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;

  beforeAll(async () => {
    smtp = await smtpServer((m, all) => {
      if (all.filter((x) => x.to === m.to).length === 1 && outage) {
        proxy.goAway();
        setTimeout(() => proxy.comeBack(), outage);
      }
      return undefined;
    });
    t = await createTestApp({ ...FAST, SMTP_URL: smtp.url }, {}, (url) => proxy.route(url));
    admin = await createUser(t, { role: 'ADMIN' });
    const course = await makeCourse(t, admin, { title: 'Outage course', modules: [{ title: 'M', lessons: [{ title: 'L1' }] }] });
    cohort = await makeCohort(t, admin, { title: 'Outage cohort', course_ids: [course.id_slug] });
  });
  afterAll(async () => {
    await t?.close();
    await proxy.close();
    await smtp?.close();
  });

  const enrol = async () => {
    const student = await createUser(t, { first_name: 'Dora' });
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student/`)
      .set(bearer(admin))
      .send({ user_id_slug: student.id_slug })
      .expect(201);
    return student.email.toLowerCase();
  };
  const jobOf = async (to: string) =>
    (await t.ds.query(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND lower(data->>'to') = $2`, [SEND_MAIL_JOB, to]))[0]
      ?.state as string | undefined;
  const delivery = async (to: string) =>
    (await t.ds.query(`SELECT message_id, tries, sent_at IS NOT NULL AS sent FROM mail_deliveries WHERE recipient = $1`, [to]))[0];

  it('a brief outage: the delivery is recorded when the database is back, the message is sent once and the job completes', async () => {
    outage = 3_000;
    const to = await enrol();
    await until('the job to complete', async () => (await jobOf(to)) === 'completed', 90_000);
    const got = smtp.received.filter((m) => m.to === to);
    expect(got).toHaveLength(1);
    expect(await delivery(to)).toEqual({ message_id: got[0].messageId, tries: 1, sent: true });
    // Nothing more is sent later.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
  }, 120_000);

  it('a long outage: the job expires within minutes (not 15) and the resend carries the same Message-ID', async () => {
    expect(MAIL_JOB_EXPIRE_SECONDS).toBeLessThanOrEqual(120);
    const [queue] = await t.ds.query(`SELECT expire_seconds FROM ${JOBS_SCHEMA}.queue WHERE name = $1`, [SEND_MAIL_JOB]);
    expect(queue.expire_seconds).toBe(MAIL_JOB_EXPIRE_SECONDS);
    outage = 30_000;
    const to = await enrol();
    const got = await until(
      'the resend',
      async () => smtp.received.filter((m) => m.to === to).length >= 2 && smtp.received.filter((m) => m.to === to),
      240_000,
    );
    expect(got).toHaveLength(2);
    expect(got[1].messageId).toBe(got[0].messageId);
    expect(got[0].messageId).toMatch(/^<[0-9a-f-]{36}@/);
    await until('the job to complete', async () => (await jobOf(to)) === 'completed', 60_000);
    expect(await delivery(to)).toEqual({ message_id: got[0].messageId, tries: 2, sent: true });
  }, 300_000);
});

describe('a retry in a long queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('runs once its back-off has passed, not after every job queued with it', async () => {
    const name = `backlog-${Date.now()}`;
    const runs: string[] = [];
    let failed: string | undefined;
    const jobs = new JobsService(t.ds, { workers: 1, pollingIntervalSeconds: 0.5 });
    jobs.define<{ n: number }>({
      name,
      queue: { retryLimit: 2, retryDelay: 1 },
      handler: async (_data, job) => {
        runs.push(job.id);
        if (!failed) {
          failed = job.id;
          throw new Error('refused for now');
        }
        await new Promise((r) => setTimeout(r, 100));
      },
    });
    try {
      await jobs.start();
      // One transaction, as a bulk add queues its mail: every job shares its creation time.
      await t.ds.transaction((m) =>
        jobs.sendMany(
          m,
          name,
          Array.from({ length: 80 }, (_, n) => ({ data: { n } })),
        ),
      );
      await until('every job and the retry to run', async () => runs.length >= 81, 120_000);
      const retryAt = runs.lastIndexOf(failed!);
      expect(retryAt).toBeGreaterThan(0);
      // The retry is due after about a second (10 jobs at most at this pace), long before the 80th fresh job.
      expect(retryAt).toBeLessThan(50);
    } finally {
      await jobs.onApplicationShutdown();
    }
  }, 150_000);

  it('a job waiting for its retry is listed for admins with its last error and next try', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const student = await createUser(t, { role: 'STUDENT' });
    const name = `waits-${Date.now()}`;
    const jobs = new JobsService(t.ds, { workers: 1, pollingIntervalSeconds: 0.5 });
    jobs.define({
      name,
      queue: { retryLimit: 3, retryDelay: 600 },
      handler: async () => {
        throw new Error('451 4.3.0 try again later');
      },
    });
    try {
      await jobs.start();
      const id = await t.ds.transaction((m) => jobs.send(m, name, {}));
      const row = await until('the job to wait for its retry', async () => {
        const res = await t.http.get('/api/admin/jobs/failed').set(bearer(admin)).expect(200);
        return (res.body.retrying as { id: string }[]).find((j) => j.id === id);
      });
      expect(row).toMatchObject({ name, retry_count: 0, retry_limit: 3, error: '451 4.3.0 try again later' });
      expect(Date.parse((row as unknown as { next_try_on: string }).next_try_on)).toBeGreaterThan(Date.now() + 60_000);
      await t.http.get('/api/admin/jobs/failed').set(bearer(student)).expect(403);
    } finally {
      await jobs.onApplicationShutdown();
    }
  }, 90_000);
});

describe('one message tried twice', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  /** Recipients whose first message the server refuses. */
  const refuseFirst = new Set<string>();
  beforeAll(async () => {
    smtp = await smtpServer((m, all) =>
      refuseFirst.has(m.to) && all.filter((x) => x.to === m.to).length === 1 ? new Error('451 try again later') : undefined,
    );
    t = await createTestApp({ ...FAST, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const message = (to: string): SendMailJob => ({
    template: 'failed-sign-ins',
    to,
    subjectId: `twice:${to}`,
    props: { attempts: 50, resetUrl: 'http://localhost/login/reset-password' },
  });

  it('two jobs of the same message at the same moment send it once', async () => {
    const to = `twice-${Date.now()}@example.com`;
    const mail = t.app.get(MailService);
    await Promise.all([mail.deliver(message(to)), mail.deliver(message(to))]);
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('a refused send lets go of its claim: the retry sends at once', async () => {
    const to = `refused-${Date.now()}@example.com`;
    refuseFirst.add(to);
    const mail = t.app.get(MailService);
    await expect(mail.deliver(message(to))).rejects.toThrow(/451/);
    await mail.deliver(message(to));
    const got = smtp.received.filter((m) => m.to === to);
    expect(got).toHaveLength(2);
    expect(got[1].messageId).toBe(got[0].messageId);
    const [row] = await t.ds.query(`SELECT tries, sent_at IS NOT NULL AS sent FROM mail_deliveries WHERE recipient = $1`, [to]);
    expect(row).toEqual({ tries: 2, sent: true });
  });
});

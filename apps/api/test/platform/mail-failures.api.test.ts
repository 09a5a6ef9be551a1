/* The app's log is one stream per process: this file has a single app, as logging.api.test.ts does. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { INVITATION_JOB } from '../../src/modules/enrolments/invitations.service';
import { FAST, smtpServer, until } from '../fixtures/smtp.fixtures';

describe('a failed send', () => {
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  let t: TestApp;
  let admin: TestUser;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;

  beforeAll(async () => {
    // The first message to each address is received, then refused for now (the reply a client sees when the server's answer is lost).
    smtp = await smtpServer((m, all) =>
      all.filter((x) => x.to === m.to).length === 1
        ? Object.assign(new Error(`Try again later, ${m.to}`), { responseCode: 451 })
        : undefined,
    );
    t = await createTestApp({ ...FAST, LOG_LEVEL: 'warn', SMTP_URL: smtp.url, WEB_ORIGIN: 'http://site.example.test' }, { logStream });
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('an invitation retried mails the same link and Message-ID, and the first link still works', async () => {
    const course = await makeCourse(t, admin, { title: 'Retry course', modules: [{ title: 'M', lessons: [{ title: 'R1' }] }] });
    const k = await makeCohort(t, admin, { title: 'Retry cohort', course_ids: [course.id_slug] });
    const email = 'late.reply@retry.example.test';
    await t.http
      .post(`/api/cohorts/admin/${k.id_slug}/add-student-bulk`)
      .set(bearer(admin))
      .send({ students: [{ email, first_name: 'Lee', last_name: 'Tate' }] })
      .expect(200);
    const got = await until(
      'the retried invitation',
      async () => smtp.received.filter((m) => m.to === email).length >= 2 && smtp.received.filter((m) => m.to === email),
    );
    const tokens = got.map((m) => /\/create-account\?invite=([A-Za-z0-9_-]+)/.exec(m.text)?.[1]);
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBe(tokens[0]);
    expect(got[1].messageId).toBe(got[0].messageId);
    await t.http.post('/api/auth/invitation/').send({ token: tokens[0] }).expect(200);
    // The job carries the token sealed, never in clear.
    const [job] = await t.ds.query(`SELECT data FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [INVITATION_JOB]);
    expect(JSON.stringify(job.data)).not.toContain(tokens[0]);

    // The failure was logged: job, template, the recipient's domain only, the SMTP reply.
    const [jobRow] = await t.ds.query(`SELECT id::text FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [INVITATION_JOB]);
    const line = lines.find((l) => String(l.msg).includes(jobRow.id));
    expect(line).toMatchObject({ level: 40 });
    expect(String(line!.msg)).toContain('(cohort-invitation) to a recipient at retry.example.test failed on try 1: 451');
    expect(JSON.stringify(lines)).not.toContain('late.reply');
  }, 90_000);
});

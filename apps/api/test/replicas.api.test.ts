import { randomBytes } from 'node:crypto';
import { VISITOR_TOKEN_HEADER } from '@school/contracts';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/startup/open-database';
import { embeddedUrl, ensureDatabase, startEmbeddedPostgres } from '../src/startup/embedded-postgres';
import { makeCohort, makeCourse } from './fixtures/admin.fixtures';
import { JOBS_SCHEMA } from '../src/platform/jobs/jobs-schema';
import { type BuiltApi, buildApi, dataFolder, freePort, type Run, runNode, waitFor } from './processes';
import { startS3Server, type TestS3Server } from './s3-server';
import type { TestApp, TestUser } from './test-app';

/** An SMTP server that keeps every message it is given. */
async function startSmtpCatcher() {
  const messages: { to: string; subject: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          messages.push({ to: to?.value[0]?.address ?? '', subject: mail.subject ?? '' });
          done();
        },
        (e: Error) => done(e),
      );
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Two API processes on one PostgreSQL, one S3 bucket and one SMTP server, each with a data folder
 * of its own: nothing a request or a job needs may live in one process. A runs jobs too, B only
 * serves requests (WORKERS=0), and `pnpm worker` runs jobs beside them.
 */
describe('two API replicas', () => {
  let built: BuiltApi;
  let pg: { stop(): Promise<void> };
  let s3: TestS3Server;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let ds: DataSource;
  const runs: Run[] = [];
  let a: ReturnType<typeof request>;
  let b: ReturnType<typeof request>;
  let admin: TestUser;
  let student: { access: string; refresh: string; id_slug: string };

  const startReplica = async (env: Record<string, string>) => {
    const port = await freePort();
    const run = runNode(built.main, [], { ...env, PORT: String(port), DATA_DIR: dataFolder() });
    runs.push(run);
    await waitFor(
      'the replica to be ready',
      async () => {
        if (run.child.exitCode !== null) return Promise.reject(new Error(`a replica exited: ${run.output()}`));
        return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200 || undefined;
      },
      90_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}\n${run.output()}`);
    });
    return { http: request(`http://127.0.0.1:${port}`), run };
  };
  const login = async (http: ReturnType<typeof request>, email: string, password: string) => {
    const res = await http.post('/api/auth/login/').send({ email, password }).expect(200);
    return {
      access: res.body.access as string,
      refresh: res.body.refresh as string,
      id_slug: res.body.user.id_slug as string,
      password,
      email,
    };
  };
  const bearer = (u: { access: string }) => ({ Authorization: `Bearer ${u.access}` });

  beforeAll(async () => {
    built = await buildApi();
    const pgPort = await freePort();
    const server = await startEmbeddedPostgres({ dir: `${dataFolder()}/pg`, port: pgPort });
    pg = server;
    const url = await ensureDatabase(embeddedUrl(pgPort), 'school');
    [s3, smtp] = await Promise.all([startS3Server(), startSmtpCatcher()]);
    const shared = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.school.example',
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      STORAGE: 's3',
      ...s3.env,
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      SERVE_APPS: 'false',
      WORKERS: '2',
      LOG_LEVEL: 'info',
    };
    const requestsOnly = { ...shared, WORKERS: '0' };
    // The first migrates the empty database; the second finds it so.
    a = (await startReplica(shared)).http;
    b = (await startReplica(requestsOnly)).http;
    const worker = runNode(built.worker, [], { ...shared, DATA_DIR: dataFolder() });
    runs.push(worker);
    await waitFor(
      'the worker to start',
      () => {
        if (worker.child.exitCode !== null) throw new Error(`the worker exited: ${worker.output()}`);
        return worker.output().includes('The worker is running 2 job(s) at a time') || undefined;
      },
      60_000,
    );
    ds = await openDatabase(url, 2);
    const account = async (role: string, email: string, password: string) => {
      const made = runNode(
        built.createUser,
        ['--email', email, '--password', password, '--role', role, '--first-name', role, '--last-name', 'Replica'],
        shared,
      );
      expect(await made.exited, made.output()).toBe(0);
      return login(a, email, password);
    };
    admin = { ...(await account('ADMIN', 'admin@example.com', 'Admin#Wafer2026')), role: 'ADMIN' } as unknown as TestUser;
    student = await account('STUDENT', 'student@example.com', 'Learn#Wafer2026');
  }, 240_000);

  afterAll(async () => {
    for (const r of runs) r.child.kill('SIGTERM');
    await Promise.all(runs.map((r) => r.exited));
    await ds?.destroy();
    await Promise.all([s3?.close(), smtp?.close()]);
    await pg?.stop();
    built?.remove();
  }, 60_000);

  it('refreshes on one a session opened on the other', async () => {
    const refreshed = await b.post('/api/auth/token/refresh/').send({ refresh: student.refresh }).expect(200);
    await a.get('/api/auth/check/').set(bearer(refreshed.body)).expect(200);
    const again = await a.post('/api/auth/token/refresh/').send({ refresh: refreshed.body.refresh }).expect(200);
    await b.get('/api/auth/check/').set(bearer(again.body)).expect(200);
  });

  it('shows a curriculum edit made through one in the cohort view of the other at once; the enrolment mail B queues runs once', async () => {
    const t = { http: a, ds } as unknown as TestApp;
    const course = await makeCourse(t, admin, {
      title: 'Replicated etch',
      modules: [{ title: 'Plasma', lessons: [{ title: 'Chambers' }] }],
    });
    const cohort = await makeCohort(t, admin, { title: 'Replica cohort', course_ids: [course.id_slug] });
    await b.post(`/api/cohorts/admin/${cohort.id_slug}/add-student`).set(bearer(admin)).send({ user_id_slug: student.id_slug }).expect(201);

    const view = `/api/cohorts/${cohort.id_slug}/courses/${course.id_slug}/user/${student.id_slug}/`;
    const lessonsOf = async (http: ReturnType<typeof request>) => {
      const res = await http.get(view).set(bearer(student)).expect(200);
      return JSON.stringify(res.body).match(/"title":"(Chambers|Endpoint detection)"/g);
    };
    expect(await lessonsOf(b)).toEqual(['"title":"Chambers"']);
    await a
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(bearer(admin))
      .send({
        modules: [
          {
            title: 'Plasma',
            order: 0,
            lessons: [
              { title: 'Chambers', order: 0, lesson_type: 'QUIZ' },
              { title: 'Endpoint detection', order: 1, lesson_type: 'QUIZ' },
            ],
          },
        ],
      })
      .expect(200);
    expect(await lessonsOf(b)).toEqual(['"title":"Chambers"', '"title":"Endpoint detection"']);

    // A and the worker work the queue; the notice of the enrolment is sent exactly once.
    await waitFor('the enrolment notice', () => smtp.messages.some((m) => m.to === 'student@example.com') || undefined, 30_000).catch(
      async (e: Error) => {
        throw new Error(
          `${e.message}: ${JSON.stringify(await ds.query(`SELECT name, state, output FROM ${JOBS_SCHEMA}.job`))} ${runs.map((r) => r.output().slice(-3000)).join('\n')}`,
        );
      },
    );
    await new Promise((r) => setTimeout(r, 3_000));
    expect(smtp.messages.filter((m) => m.to === 'student@example.com')).toHaveLength(1);
    const jobs = await ds.query(`SELECT state FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'to' = 'student@example.com'`);
    expect(jobs).toEqual([{ state: 'completed' }]);
  }, 90_000);

  it('counts rate limits across both', async () => {
    const token = (await a.post('/api/forms/visitor-token/').expect(200)).body.token as string;
    const contact = { firstName: 'Aina', lastName: 'Zulkifli', phone: '+60 12-345 6789', message: 'Do you run weekend classes?' };
    for (let i = 0; i < 10; i++) {
      await (i % 2 ? a : b)
        .post('/api/forms/contact/')
        .set(VISITOR_TOKEN_HEADER, token)
        .send({ ...contact, email: `r${i}@example.com` })
        .expect(200);
    }
    await a
      .post('/api/forms/contact/')
      .set(VISITOR_TOKEN_HEADER, token)
      .send({ ...contact, email: 'r10@example.com' })
      .expect(429);
    await b
      .post('/api/forms/contact/')
      .set(VISITOR_TOKEN_HEADER, token)
      .send({ ...contact, email: 'r11@example.com' })
      .expect(429);
  });

  it('serves from one a file uploaded through the other', async () => {
    const pdf = Buffer.from(`%PDF-1.7\n% replica ${randomBytes(8).toString('hex')}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`);
    const uploaded = await a
      .post('/api/upload/file_upload/')
      .attach('file', pdf, { filename: 'resume.pdf', contentType: 'application/pdf' })
      .expect(201);
    const path = new URL(uploaded.body.url, 'http://replica').pathname + new URL(uploaded.body.url, 'http://replica').search;
    const redirect = await b.get(path).expect(302);
    const answer = await fetch(redirect.headers.location);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.compare(Buffer.from(await answer.arrayBuffer()), pdf)).toBe(0);
  });

  it('logs one request id on both replicas, as JSON', async () => {
    const id = `trace-${randomBytes(6).toString('hex')}`;
    const one = await a.get('/api/health').set('X-Request-Id', id).expect(200);
    const other = await b.get('/api/health').set('X-Request-Id', id).expect(200);
    expect([one.headers['x-request-id'], other.headers['x-request-id']]).toEqual([id, id]);
    for (const run of runs.slice(0, 2)) {
      const line = await waitFor('the request in the log', () =>
        run
          .output()
          .split('\n')
          .find((l) => l.includes(id)),
      );
      expect(JSON.parse(line)).toMatchObject({ request_id: id });
    }
  });

  it('stops the worker on SIGTERM once its jobs are done, exit code 0', async () => {
    const worker = runs[2];
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('Stopping: finishing the jobs under way');
  });
});

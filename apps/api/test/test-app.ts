import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { inject } from 'vitest';
import { type AppConfig, loadConfig } from '../src/config/app-config';
import { type CreateAppOptions, createApp } from '../src/create-app';
import { openDatabase } from '../src/startup/open-database';
import { ensureDatabase } from '../src/startup/embedded-postgres';
import { createAccount } from '../src/startup/create-account';
import { JOBS_APPLICATION_NAME } from '../src/platform/jobs/jobs-schema';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh, migrated database of its own and the whole Nest app over HTTP. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: CreateAppOptions = {},
  /** Where the app reaches its database instead (e.g. through a proxy a test can cut), given the real URL. */
  routeDatabase?: (url: string) => Promise<string>,
): Promise<TestApp> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const direct = await ensureDatabase(inject('adminDatabaseUrl'), name, 'school_template');
  const url = routeDatabase ? await routeDatabase(direct) : direct;
  const ds = await openDatabase(url, 5);
  // A data folder of its own unless the test gives one; removed on close.
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'school-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    SERVE_APPS: 'false',
    COOKIE_SECURE: 'false',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const app = await createApp(config, ds, options);
  await app.init();
  return {
    app,
    ds,
    config,
    http: request(app.getHttpServer()),
    close: async () => {
      await app.close();
      await ds.destroy();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

export interface TestUser {
  id: string;
  id_slug: string;
  email: string;
  password: string;
  role: string;
  access: string;
}

let counter = 0;

/** Creates an account directly in the database and signs it in through the API. */
export async function createUser(
  t: TestApp,
  opts: { role?: 'STUDENT' | 'INSTRUCTOR' | 'ADMIN'; email?: string; password?: string; first_name?: string; last_name?: string } = {},
): Promise<TestUser> {
  const role = opts.role ?? 'STUDENT';
  const email = opts.email ?? `${role.toLowerCase()}${++counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = opts.password ?? 'Chip#Design42';
  // The account as the school's own account command makes it (`pnpm create-user`), then a sign-in.
  const row = await createAccount(t.ds, {
    email,
    password,
    role,
    first_name: opts.first_name ?? 'Test',
    last_name: opts.last_name ?? 'User',
  });
  if (!row) throw new Error(`An account with the email ${email} already exists`);
  const res = await t.http.post('/api/auth/login/').send({ email, password }).expect(200);
  return { id: row.id, id_slug: row.id_slug, email, password, role, access: res.body.access };
}

export const bearer = (u: { access: string }) => ({ Authorization: `Bearer ${u.access}` });

/** A GET whose body is read as raw bytes (a PDF, a video, a CSV with its byte-order mark): `.body` is a Buffer. */
export const getBytes = (t: Pick<TestApp, 'http'>, url: string) =>
  t.http
    .get(url)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/**
 * Counts the SQL statements the pg driver sends while `fn` runs, leaving out the job queue's own
 * connections (pg-boss polls on its schedule, whatever the request does).
 */
export async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function (this: { connectionParameters?: { application_name?: string } }, ...args: unknown[]) {
    if (this.connectionParameters?.application_name !== JOBS_APPLICATION_NAME) count++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return count;
}

/**
 * A second API process on the test app's database, as another instance or cluster worker would
 * be: for state that must be shared through PostgreSQL.
 */
export async function startSecondInstance(t: TestApp): Promise<Pick<TestApp, 'http' | 'close'>> {
  const app = await createApp(t.config, t.ds);
  await app.init();
  // Listening once: supertest would otherwise open and close a server around each request, and that
  // close cuts a request answered before its body was all sent (the client sees EPIPE, not the answer).
  const server = app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { http: request(server), close: () => app.close() };
}

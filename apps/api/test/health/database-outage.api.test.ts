import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, type TestApp, type TestUser } from '../test-app';
import { childrenOf, dataFolder, freePort, waitFor } from '../processes';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/common/http-exception.filter';
import { openDatabase, requestPoolOptions } from '../../src/startup/open-database';
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';

/**
 * The API on an embedded PostgreSQL of this test's own (never the shared test server), configured
 * as main.ts configures it, while that PostgreSQL is frozen and killed.
 */
describe('the API while its database is frozen or killed', () => {
  let folder: string;
  let server: EmbeddedDatabase;
  let t: TestApp;
  let admin: TestUser;

  const timed = async (path: string, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const res = await t.http.get(path).set(headers);
    return { res, ms: Date.now() - started };
  };
  const read = () => timed('/api/courses/admin/list', bearer(admin));

  beforeAll(async () => {
    folder = dataFolder();
    server = await startEmbeddedPostgres({
      dir: join(folder, 'pg'),
      port: await freePort(),
      persistent: false,
      disposable: true,
      restart: true,
    });
    const url = await ensureDatabase(server.url, 'school');
    await (await openDatabase(url, 2)).destroy();
    const config = loadConfig({
      NODE_ENV: 'test',
      SERVE_APPS: 'false',
      COOKIE_SECURE: 'false',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'school-test-data-')),
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const ds = await openDatabase(url, 20, requestPoolOptions(config));
    const app = await createApp(config, ds);
    await app.init();
    t = { app, ds, config, http: request(app.getHttpServer()), close: async () => (await app.close(), await ds.destroy()) };
    admin = await createUser(t, { role: 'ADMIN' });
  });
  afterAll(async () => {
    await t?.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers 503 within 3 s on health and on a read while PostgreSQL is frozen (SIGSTOP), and recovers after SIGCONT', async () => {
    expect((await read()).res.status).toBe(200);
    const postmaster = server.pid!;
    const frozen = [postmaster, ...childrenOf(postmaster)];
    const thaw = () => frozen.forEach((pid) => process.kill(pid, 'SIGCONT'));
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    // Should the requests below hang (the failure this test looks for), the server is not left frozen.
    const safety = setTimeout(thaw, 15_000);
    try {
      const [health, list] = await Promise.all([timed('/api/health'), read()]);
      expect(health.res.status).toBe(503);
      expect(health.res.body).toEqual({ status: 'error', database: { status: 'down' } });
      expect(health.ms).toBeLessThan(3_000);
      expect(list.res.status).toBe(503);
      expect(list.res.headers['retry-after']).toBe('5');
      expect(list.res.body).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(list.ms).toBeLessThan(3_000);
      // Once the database is known not to answer, every request is told at once.
      const again = await read();
      expect(again.res.status).toBe(503);
      expect(again.ms).toBeLessThan(1_000);
    } finally {
      clearTimeout(safety);
      thaw();
    }
    await waitFor('health to answer 200', async () => (await timed('/api/health')).res.status === 200 || undefined, 15_000);
    expect((await read()).res.status).toBe(200);
    expect(server.pid).toBe(postmaster);
  }, 40_000);

  it('starts PostgreSQL again when it is killed and answers again without a restart of its own', async () => {
    const killed = server.pid!;
    process.kill(killed, 'SIGKILL');
    const during = await read();
    expect([200, 503]).toContain(during.res.status);
    // A backend whose postmaster died may still answer on its open connection for a moment, so the
    // restart is awaited by its new process id, then reads must answer again.
    await waitFor('PostgreSQL to be started again', async () => (server.pid !== undefined && server.pid !== killed) || undefined, 30_000);
    await waitFor('a read to answer 200', async () => (await read()).res.status === 200 || undefined, 30_000);
    expect((await timed('/api/health')).res.status).toBe(200);
  }, 40_000);
});

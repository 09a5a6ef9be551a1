import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../src/common/disk-full';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { openDatabase, requestPoolOptions } from '../../src/startup/open-database';
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';
import { dataFolder, freePort } from '../processes';
import type { TestApp } from '../test-app';

/**
 * The API on an embedded PostgreSQL whose database lives in a tablespace on a small tmpfs (a mount
 * needs root, as CI runs), filled up by the test: PostgreSQL's disk_full (53100) is answered as a full
 * disk, and health still says the database answers. The server's own folder, and so its WAL, stays
 * on the machine's disk: a WAL segment that cannot be had stops PostgreSQL outright (PANIC), another
 * failure than the table that cannot grow under test.
 */
describe('a full disk under PostgreSQL', () => {
  let folder: string;
  let mount: string;
  let filler: string;
  let server: EmbeddedDatabase;
  let t: TestApp;

  beforeAll(async () => {
    folder = dataFolder();
    mount = join(folder, 'disk');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m,mode=0755', 'tmpfs', mount]);
    filler = join(mount, 'filler');
    const pgDir = join(folder, 'pg');
    server = await startEmbeddedPostgres({ dir: pgDir, port: await freePort(), persistent: false, disposable: true });
    // The tablespace's folder belongs to whoever runs PostgreSQL (a system user when the test runs as root).
    const owner = statSync(pgDir);
    const space = join(mount, 'space');
    mkdirSync(space);
    chownSync(space, owner.uid, owner.gid);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE TABLESPACE small LOCATION '${space}'`);
    await admin.query('CREATE DATABASE school TABLESPACE small');
    await admin.end();
    const url = await ensureDatabase(server.url, 'school');
    await (await openDatabase(url, 1)).destroy();
    const config = loadConfig({
      NODE_ENV: 'test',
      SERVE_APPS: 'false',
      COOKIE_SECURE: 'false',
      DISABLE_RATE_LIMITS: 'true',
      DATA_DIR: join(folder, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Requests only: the refusal under test is the request's own, not a queue job's that ran meanwhile.
      WORKERS: '0',
    });
    const ds = await openDatabase(url, 5, requestPoolOptions(config));
    const app = await createApp(config, ds);
    await app.init();
    t = { app, ds, config, http: request(app.getHttpServer()), close: async () => (await app.close(), await ds.destroy()) };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await server?.stop();
    try {
      execFileSync('umount', [mount]);
    } catch {
      // not mounted
    }
    rmSync(folder, { recursive: true, force: true });
  });

  const contact = (i: number) =>
    t.http.post('/api/forms/contact/').send({
      firstName: 'Aina',
      lastName: 'Zulkifli',
      email: `disk${i}@example.com`,
      phone: '+60 12-345 6789',
      message: `Do you run weekend classes? ${'x'.repeat(1500)}`,
    });

  it('answers 507 naming disk space when PostgreSQL cannot extend a table, health says the database is up, and recovers', async () => {
    await contact(0).expect(200);
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(64 * 1024);
    try {
      for (;;) writeSync(fd, block);
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    // Rows fill the table's last page; the next page cannot be had.
    let refused: request.Response | undefined;
    for (let i = 1; i < 200 && !refused; i++) {
      const res = await contact(i);
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body).toEqual({ message: DISK_FULL_MESSAGE });
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'ok', database: { status: 'up' } });

    rmSync(filler);
    await contact(1000).expect(200);
  }, 120_000);
});

import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE, HttpExceptionFilter } from '../../src/common/http-exception.filter';
import { mustOne, rows } from '../../src/common/sql/db';
import { loadConfig } from '../../src/config/app-config';
import { openDatabase, requestPoolOptions } from '../../src/startup/open-database';
import { type EmbeddedDatabase, ensureDatabase, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';
import { dataFolder, freePort, waitFor } from '../processes';

/**
 * A transaction of a request whose PostgreSQL connection dies between two of its statements (the
 * backend killed, or shut down by the server): the request is answered as a database outage.
 */
describe('a transaction cut by a dying PostgreSQL', () => {
  let folder: string;
  let server: EmbeddedDatabase;
  let ds: DataSource;
  let admin: DataSource;
  const filter = new HttpExceptionFilter();

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
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: folder, JWT_SECRET: 'transaction-cut-secret-of-32-characters' });
    ds = await openDatabase(url, 5, requestPoolOptions(config));
    admin = await openDatabase(url, 1, { migrate: false });
  }, 120_000);
  afterAll(async () => {
    await ds?.destroy();
    await admin?.destroy();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** Runs a transaction whose connection `cut` ends after its first statement; answers the error its next one met. */
  const cutTransaction = async (cut: (pid: number) => Promise<void>) => {
    const error = await ds
      .transaction(async (m: EntityManager) => {
        const { pid } = await mustOne<{ pid: number }>(m, 'SELECT pg_backend_pid() AS pid');
        await cut(pid);
        // The pool drops the connection once it reports the error; the statement after meets it.
        await waitFor('the connection to be dropped', () => m.queryRunner?.isReleased || undefined, 30_000).catch(() => undefined);
        await rows(m, 'SELECT count(*) FROM users');
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeDefined();
    return filter.answer(error);
  };

  it('answers 503 with Retry-After when the server terminates the connection (admin_shutdown, 57P01)', async () => {
    const answer = await cutTransaction(async (pid) => {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    });
    expect(answer).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': '5' } });
  }, 60_000);

  it('answers 503 with Retry-After when the backend is killed (kill -9) mid-transaction, and serves again after', async () => {
    const answer = await cutTransaction(async (pid) => {
      process.kill(pid, 'SIGKILL');
    });
    expect(answer).toEqual({ status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE }, headers: { 'Retry-After': '5' } });
    // PostgreSQL restarts its backends after a crashed one; a new transaction then succeeds.
    await waitFor(
      'a transaction to succeed again',
      async () => (await ds.transaction((m) => rows(m, 'SELECT 1 AS one'))).length === 1 || undefined,
      60_000,
    );
  }, 90_000);
});

import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFolder, freePort, waitFor } from '../processes';
import { type EmbeddedDatabase, isRunning, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0].one;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL launcher', () => {
  let folder: string;
  let first: EmbeddedDatabase;
  let port: number;

  beforeAll(async () => {
    folder = dataFolder();
    port = await freePort();
    first = await startEmbeddedPostgres({ dir: join(folder, 'pg'), port, disposable: true, restart: true });
  });
  afterAll(async () => {
    await first?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a second start on the same folder with a message naming the running server', async () => {
    const second = startEmbeddedPostgres({ dir: join(folder, 'pg'), port: await freePort(), disposable: true });
    await expect(second).rejects.toThrow(
      `The database folder ${join(folder, 'pg')} is already in use by process ${process.pid} of the school, which is still running (its PostgreSQL is process ${first.pid} on port ${port}). Stop that process first, or give this one a DATA_DIR of its own.`,
    );
    // The running server is untouched.
    expect(await selectOne(first.url)).toBe(1);
  });

  it('says which port is taken when another PostgreSQL listens on it', async () => {
    const other = dataFolder();
    try {
      await expect(startEmbeddedPostgres({ dir: join(other, 'pg'), port, disposable: true })).rejects.toThrow(
        `The embedded PostgreSQL cannot listen on port ${port}: another program is using it. Stop that program, or choose a free port with EMBEDDED_PG_PORT.`,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('says which port is taken when any other program listens on it', async () => {
    const other = dataFolder();
    const taken = await freePort();
    const server: Server = createServer();
    await new Promise<void>((r) => server.listen(taken, '127.0.0.1', r));
    try {
      const start = startEmbeddedPostgres({ dir: join(other, 'pg'), port: taken, disposable: true });
      await expect(start).rejects.toThrow(`The embedded PostgreSQL cannot listen on port ${taken}: another program is using it.`);
      await expect(start).rejects.not.toThrow(/undefined/);
    } finally {
      server.close();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('starts its PostgreSQL again when it is killed, on the same port', async () => {
    const killed = first.pid!;
    process.kill(killed, 'SIGKILL');
    await waitFor('the old postmaster to be gone', () => !isRunning(killed));
    const restarted = await waitFor('a new postmaster', () => (first.pid && first.pid !== killed ? first.pid : undefined));
    expect(restarted).not.toBe(killed);
    expect(await waitFor('the restarted server to answer', () => selectOne(first.url))).toBe(1);
  });
});

import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApi, buildApi, dataFolder, freePort, postmasterPid, type Run, runNode, waitFor } from './processes';
import { embeddedUrl, isRunning } from '../src/startup/embedded-postgres';

/** The built API as a process, on an embedded PostgreSQL of its own. */
describe('the API process and its embedded PostgreSQL', () => {
  let built: BuiltApi;
  let folder: string;
  let env: Record<string, string>;
  const runs: Run[] = [];

  const start = (extra: Record<string, string> = {}) => {
    const run = runNode(built.main, [], { ...env, ...extra });
    runs.push(run);
    return run;
  };
  const healthy = (port: string, run: Run) =>
    waitFor(
      'the API to answer',
      async () => {
        if (run.child.exitCode !== null) throw new Error(`the API exited: ${run.output()}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 || undefined;
      },
      // Starting PostgreSQL and the app on a busy machine.
      180_000,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}\n${run.output()}`);
    });
  const query = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client(embeddedUrl(Number(env.EMBEDDED_PG_PORT), 'school'));
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    built = await buildApi();
    folder = dataFolder();
    env = {
      DATA_DIR: folder,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: 'false',
      SERVE_APPS: 'false',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The database's warnings (an orphaned PostgreSQL stopped) go through the logger like every line.
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    // Whatever a failed test left running on the folder.
    try {
      process.kill(postmasterPid(join(folder, 'pg')), 'SIGQUIT');
    } catch {
      // none
    }
    rmSync(folder, { recursive: true, force: true });
    built?.remove();
  });

  it('starts again after a kill -9, stopping the orphaned PostgreSQL and keeping the data', async () => {
    const first = start();
    await healthy(env.PORT, first);
    // A row written through the running API (a student signs up), to find again after the kill.
    const signUp = await fetch(`http://127.0.0.1:${env.PORT}/api/auth/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com', password: 'Chip#Design42', first_name: 'Kept', last_name: 'Row' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const orphan = postmasterPid(join(folder, 'pg'));

    // A second API on the same folder is told who holds it, and exits.
    const second = start({ PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `is already in use by process ${first.child.pid} of the school, which is still running (its PostgreSQL is process ${orphan}`,
    );
    expect(second.output()).not.toContain('undefined');
    expect(isRunning(orphan)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(isRunning(orphan)).toBe(true);

    const third = start();
    await healthy(env.PORT, third);
    expect(third.output()).toContain(
      `PostgreSQL (process ${orphan}) was left running on ${join(folder, 'pg')} by a process that has ended; stopping it to start afresh.`,
    );
    expect(isRunning(orphan)).toBe(false);
    expect(await query(`SELECT first_name FROM users WHERE email = 'kept@example.com'`)).toEqual([{ first_name: 'Kept' }]);

    // A clean stop leaves no PostgreSQL behind.
    const fresh = postmasterPid(join(folder, 'pg'));
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(isRunning(fresh)).toBe(false);
  }, 600_000);
  it('on SIGTERM refuses new connections, finishes a request in flight, then stops promptly', async () => {
    const run = start({ SHUTDOWN_TIMEOUT_MS: '8000', LOG_LEVEL: 'info' });
    await healthy(env.PORT, run);
    // A sign-in whose body is still arriving: in flight from the server's point of view.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'Wrong#Password42' });
    const socket = connect(Number(env.PORT), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));

    run.child.kill('SIGTERM');
    await waitFor(
      'new connections to be refused',
      async () => {
        try {
          await fetch(`http://127.0.0.1:${env.PORT}/api/health/live`);
          return undefined;
        } catch (e) {
          return (e as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' || undefined;
        }
      },
      30_000,
    );
    expect(run.child.exitCode).toBeNull();

    socket.write(body.slice(10));
    await ended;
    const answered = Date.now();
    // The whole answer, read from the database that stays open until requests are done.
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('There is no user with that email.');
    expect(await run.exited).toBe(0);
    // Nothing was left to wait for: not the 8 s of SHUTDOWN_TIMEOUT_MS, nor the 10 s safety limit.
    expect(Date.now() - answered).toBeLessThan(4_000);
    expect(run.output()).toContain('Stopping: finishing 1 request(s) in flight');
  }, 600_000);

  it('ends its start-up log with one readable block (address, data folder, demo logins), in one clock format, routes only at debug', async () => {
    const run = start({ NODE_ENV: 'development', LOG_LEVEL: 'info', SEED_DEMO: 'true' });
    await healthy(env.PORT, run);
    await waitFor('the start block', () => run.output().includes('student2@example.com') || undefined, 60_000);
    const output = run.output();
    // No route mapping, module loading or Nest's own clock at info level.
    expect(output).not.toMatch(/Mapped \{|RouterExplorer|InstanceLoader|\[Nest\]/);
    // Every line that starts with a time has the same clock (pino-pretty's HH:MM:ss.l).
    const timed = output.split('\n').filter((l) => /^\[?\d/.test(l));
    expect(timed.length).toBeGreaterThan(0);
    for (const l of timed) expect(l).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] /);
    // The block is last: address, database, data folder, then every demo login.
    const block = output.slice(output.lastIndexOf('The school is running at'));
    expect(block).toMatch(
      new RegExp(`^The school is running at http://localhost:${env.PORT}\n  database   the embedded PostgreSQL\n  data       ${folder}\n`),
    );
    for (const login of ['admin@example.com', 'instructor@example.com', 'student@example.com', 'student2@example.com'])
      expect(block).toContain(login);
    expect(block.trimEnd().split('\n').at(-1)).toMatch(/STUDENT\s+student2@example\.com\s+Learn#Wafer2026$/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 600_000);
});

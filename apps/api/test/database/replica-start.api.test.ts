import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../../src/startup/embedded-postgres';
import { DEMO_LOGINS } from '../../src/startup/seed';
import { type BuiltApi, buildApi, dataFolder, freePort, type Run, runNode, waitFor } from '../processes';

/** Replicas of the built API started on one DATABASE_URL, as the README starts them. */
describe('replicas starting on one DATABASE_URL', () => {
  let built: BuiltApi;
  const runs: Run[] = [];

  const freshDatabase = () => ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`);
  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const run = runNode(built.main, [], { SERVE_APPS: 'false', PORT: String(port), DATA_DIR: dataFolder(), ...env });
    runs.push(run);
    return { run, port };
  };

  beforeAll(async () => {
    built = await buildApi();
  }, 120_000);
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null) r.child.kill('SIGTERM');
    await Promise.all(runs.map((r) => r.exited));
    built?.remove();
  }, 60_000);

  it('refuses to start without JWT_SECRET, in one line naming it, rather than sign tokens the other replicas refuse', async () => {
    const url = await freshDatabase();
    const { run } = await start({ NODE_ENV: 'development', DATABASE_URL: url, SEED_DEMO: 'false' });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid setting JWT_SECRET: with DATABASE_URL set, give every replica the same JWT_SECRET/);

    const worker = runNode(built.worker, [], { NODE_ENV: 'development', DATABASE_URL: url, DATA_DIR: dataFolder() });
    runs.push(worker);
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('Invalid setting JWT_SECRET: with DATABASE_URL set');
  }, 240_000);

  it('seeds an empty database once when two start together: both serve, the demo accounts exist once', async () => {
    const url = await freshDatabase();
    const env = { NODE_ENV: 'development', DATABASE_URL: url, JWT_SECRET: randomBytes(32).toString('hex'), SEED_DEMO: 'true' };
    const both = await Promise.all([start(env), start(env)]);
    for (const { run, port } of both) {
      await waitFor(
        'the replica to be ready',
        async () => {
          if (run.child.exitCode !== null) throw new Error('exited');
          return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200 || undefined;
        },
        300_000,
      ).catch(() => {
        throw new Error(`a replica did not start (exit ${run.child.exitCode}):\n${both.map((b) => b.run.output()).join('\n---\n')}`);
      });
    }
    expect(both.filter(({ run }) => run.output().includes('Demo data created'))).toHaveLength(1);
    const client = new pg.Client(url);
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string }>('SELECT email FROM users ORDER BY email');
      expect(rows.map((r) => r.email)).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    } finally {
      await client.end();
    }
    // A session opened on one is honoured by the other (they share JWT_SECRET).
    const login = await fetch(`http://127.0.0.1:${both[0].port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const check = await fetch(`http://127.0.0.1:${both[1].port}/api/auth/check/`, { headers: { Authorization: `Bearer ${access}` } });
    expect(check.status).toBe(200);
  }, 600_000);
});

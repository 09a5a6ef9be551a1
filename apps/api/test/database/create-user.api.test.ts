import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BuiltApi, buildApi, dataFolder, freePort, runNode } from '../processes';
import { embeddedUrl, ensureDatabase, runningPostmaster, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';

const PASSWORD = 'Wafer#Stepper77';
const args = (email: string) => [
  '--email',
  email,
  '--password',
  PASSWORD,
  '--role',
  'INSTRUCTOR',
  '--first-name',
  'Grace',
  '--last-name',
  'Hopper',
];

async function rows(url: string, email: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query('SELECT role, first_name FROM users WHERE email = $1', [email])).rows;
  } finally {
    await client.end();
  }
}

/** pnpm create-user as a process: beside a running school, with the school stopped, and on DATABASE_URL. */
describe('create-user', () => {
  let built: BuiltApi;
  let folder: string;
  let pgPort: number;

  const createUser = async (argv: string[], env: Record<string, string>, input?: string) => {
    const run = runNode(built.createUser, argv, env, input);
    const code = await run.exited;
    return { code, output: run.output() };
  };

  beforeAll(async () => {
    built = await buildApi();
    folder = dataFolder();
    pgPort = await freePort();
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
    built?.remove();
  });

  it('creates the account with the school stopped, and leaves no database server running', async () => {
    const env = { DATA_DIR: folder, EMBEDDED_PG_PORT: String(pgPort) };
    const { code, output } = await createUser(args('stopped@example.com'), env);
    expect(output).toMatch(/^Created INSTRUCTOR stopped@example\.com \(id [0-9a-f]+\)\.\n$/);
    expect(code).toBe(0);
    expect(output).not.toContain(PASSWORD);
    expect(runningPostmaster(join(folder, 'pg'))).toBeUndefined();
    expect(existsSync(join(folder, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('uses the server of the running school (found from its data folder), and refuses an existing account', async () => {
    // The school's server, as the running API would have started it.
    const server = await startEmbeddedPostgres({ dir: join(folder, 'pg'), port: pgPort });
    try {
      const url = await ensureDatabase(server.url, 'school');
      // EMBEDDED_PG_PORT deliberately wrong: the running server is found from postmaster.pid.
      const env = { DATA_DIR: folder, EMBEDDED_PG_PORT: String(await freePort()) };
      const created = await createUser(args('running@example.com'), env);
      expect(created.output).toMatch(/^Created INSTRUCTOR running@example\.com \(id [0-9a-f]+\)\.\n$/);
      expect(created.code).toBe(0);
      expect(await rows(url, 'running@example.com')).toEqual([{ role: 'INSTRUCTOR', first_name: 'Grace' }]);

      const again = await createUser(args('running@example.com'), env);
      expect(again.output).toBe('An account with the email running@example.com already exists; nothing was changed.\n');
      expect(again.code).toBe(1);

      // The school's server is still the same one, still running.
      expect(runningPostmaster(join(folder, 'pg'))?.pid).toBe(server.pid);
      expect(await rows(embeddedUrl(pgPort, 'school'), 'stopped@example.com')).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('uses DATABASE_URL, and says what to do when nothing answers there', async () => {
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`, 'school_template');
    const created = await createUser(args('external@example.com'), { DATABASE_URL: url, DATA_DIR: folder });
    expect(created.code).toBe(0);
    expect(await rows(url, 'external@example.com')).toHaveLength(1);

    const closed = await freePort();
    const down = await createUser(args('nobody@example.com'), { DATABASE_URL: `postgres://school:secret-pw@127.0.0.1:${closed}/school` });
    expect(down.output).toBe(
      `Could not connect to the database: Nothing answers at 127.0.0.1:${closed} (connection refused). Start the database, or check DATABASE_URL.\n`,
    );
    expect(down.code).toBe(1);
    expect(down.output).not.toContain(PASSWORD);
    expect(down.output).not.toContain('secret-pw');
  }, 60_000);

  it('reads the password from standard input when --password is left out', async () => {
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`, 'school_template');
    const argv = args('piped@example.com').filter((a, i, all) => a !== '--password' && all[i - 1] !== '--password');
    const { code, output } = await createUser(argv, { DATABASE_URL: url }, `${PASSWORD}\n`);
    expect(output).toMatch(/^Created INSTRUCTOR piped@example\.com/);
    expect(code).toBe(0);
    expect(output).not.toContain(PASSWORD);
  });

  it('exits 2 on bad arguments through the root `pnpm create-user` too (pnpm passes the code on), as the README says', async () => {
    const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
    const child = spawn('pnpm', ['create-user', '--email', 'x@example.com', '--role', 'WIZARD', '--first-name', 'A', '--last-name', 'B'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: folder, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(`${PASSWORD}\n`);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(output).toContain('--role');
    expect(output).toContain('Usage: pnpm create-user');
    expect(code).toBe(2);
  }, 600_000);

  it('never echoes the password, even in an argument error', async () => {
    const { code, output } = await createUser([...args('typo@example.com'), 'Stepper77'], { DATA_DIR: folder });
    expect(code).toBe(2);
    expect(output).not.toContain('Stepper77');
    expect(output).toContain('Usage: pnpm create-user');
  });
});

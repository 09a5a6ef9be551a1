import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Helpers for tests that run the built API and CLI as processes, and signal PostgreSQL's. */

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A fresh folder PostgreSQL's system user may enter (mkdtemp makes it private to root). */
export function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'school-proc-test-'));
  chmodSync(dir, 0o755);
  return dir;
}

export interface BuiltApi {
  main: string;
  worker: string;
  createUser: string;
  storageMigrate: string;
  backup: string;
  restore: string;
  remove(): void;
}

/** Builds main.js and create-user.js from the current source (vite, about 2 s) into a folder of its own. */
export async function buildApi(): Promise<BuiltApi> {
  const { build } = await import('vite');
  const outDir = join(apiRoot, 'node_modules', '.cache', `api-test-build-${randomBytes(4).toString('hex')}`);
  await build({
    root: apiRoot,
    configFile: join(apiRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  return {
    main: join(outDir, 'main.js'),
    worker: join(outDir, 'worker.js'),
    createUser: join(outDir, 'create-user.js'),
    storageMigrate: join(outDir, 'storage-migrate.js'),
    backup: join(outDir, 'backup.js'),
    restore: join(outDir, 'restore.js'),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

export interface Run {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
}

/** Runs `node script args` with a clean environment plus `env`, and `input` on its standard input. */
export function runNode(script: string, args: string[], env: Record<string, string>, input?: string): Run {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DATABASE_URL') && !k.startsWith('VITEST')));
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...base, NO_COLOR: '1', ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined && v !== false) return v;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The processes whose parent is `pid` (PostgreSQL's backends and helpers of a postmaster). */
export function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) kids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return kids;
}

export function postmasterPid(pgDir: string): number {
  return Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

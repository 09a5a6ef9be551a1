import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/startup/open-database';
import { ensureDatabase, startEmbeddedPostgres } from '../src/startup/embedded-postgres';

export const TEMPLATE_DB = 'school_template';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts a throw-away PostgreSQL (or uses DATABASE_URL's server) and builds a migrated template
 * database; each test file clones it into a database of its own.
 */
export default async function setup(project: TestProject) {
  // Everything the run puts under os.tmpdir() (data folders, buckets, uploads, the CLIs the tests spawn) lands in
  // one folder of its own, removed when the run ends: the test processes are forked after this and inherit TMPDIR.
  const runTmp = mkdtempSync(join(tmpdir(), 'school-api-tests-'));
  chmodSync(runTmp, 0o755); // the embedded PostgreSQL's system user (under root) enters the folders made in it
  const previousTmp = process.env.TMPDIR;
  process.env.TMPDIR = runTmp;
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => undefined as void;
  let dir: string | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'school-test-pg-'));
    const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, disposable: true });
    adminUrl = server.url;
    stop = server.stop;
  }
  const templateUrl = await ensureDatabase(adminUrl, TEMPLATE_DB);
  const ds = await openDatabase(templateUrl, 1);
  await ds.destroy();
  project.provide('adminDatabaseUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    rmSync(runTmp, { recursive: true, force: true });
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

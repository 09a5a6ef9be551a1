import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/database/data-source';
import { ensureDatabase, startEmbeddedPostgres } from '../src/database/embedded-postgres';

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
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

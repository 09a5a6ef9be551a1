import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { EmbeddedPostgresError, embeddedUrl, ensureDatabase, runningPostmaster, startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseHandle {
  url: string;
  stop(): Promise<void>;
}

export const embeddedDir = (config: AppConfig) => join(config.dataDir, 'pg');

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL kept under the data folder, started
 * again by this process whenever it exits on its own.
 */
export async function startDatabase(config: AppConfig, log?: (line: string) => void): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dir: embeddedDir(config), port: config.EMBEDDED_PG_PORT, restart: true, log });
  try {
    const url = await ensureDatabase(server.url, 'school');
    return { url, stop: server.stop };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/**
 * For a command beside the running school (create-user): DATABASE_URL when set; the embedded
 * server already running on the data folder (whoever started it) when there is one; otherwise an
 * embedded server started for this command alone and stopped by `stop()`.
 */
export async function useDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const dir = embeddedDir(config);
  const until = Date.now() + 30_000;
  for (;;) {
    const running = runningPostmaster(dir);
    if (!running) break;
    if (running.status === 'ready' || running.status === '') {
      return { url: embeddedUrl(running.port, 'school'), stop: async () => undefined };
    }
    if (Date.now() > until) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL on ${dir} (process ${running.pid}) has been "${running.status}" for 30 s. Wait until the school has started or stopped, then try again.`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const server = await startEmbeddedPostgres({ dir, port: config.EMBEDDED_PG_PORT });
  try {
    return { url: await ensureDatabase(server.url, 'school'), stop: server.stop };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

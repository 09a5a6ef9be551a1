import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { ensureDatabase, startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseHandle {
  url: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL kept under the data folder. */
export async function startDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  const server = await startEmbeddedPostgres({ dir: join(config.dataDir, 'pg'), port: config.EMBEDDED_PG_PORT });
  const url = await ensureDatabase(server.url, 'school');
  return { url, stop: server.stop };
}

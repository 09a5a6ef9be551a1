import type { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';

/**
 * The app over a bench's database, serving nothing and running no job: what a bench times is the
 * call itself (the jobs it queues wait, no worker delivers them meanwhile).
 */
export async function benchApp(url: string, ds: DataSource, dataDir: string) {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: 'test',
    SERVE_APPS: 'false',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WORKERS: '0',
  });
  const app = await createApp(config, ds);
  await app.init();
  return app;
}

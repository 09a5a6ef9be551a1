import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { assertSharedSecret, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { CliFailure, runCli } from './startup/cli';
import { explainDatabaseError } from './startup/explain-database-error';
import { openDatabase, requestPoolOptions } from './startup/open-database';
import { embeddedUrl, runningPostmaster } from './startup/embedded-postgres';
import { embeddedDir } from './startup/start-database';

/**
 * `pnpm worker`: runs the school's jobs (mail, sweeps, schedules) without serving requests, beside
 * API replicas started with WORKERS=0. It uses the school's database as it is (DATABASE_URL, or the
 * embedded PostgreSQL of the school running on this data folder) and never migrates or seeds it.
 * SIGTERM lets the jobs under way finish (at most SHUTDOWN_TIMEOUT_MS) before it exits.
 */
async function main(): Promise<void> {
  // The same modules as the API, so every job is defined as it is there; no port is opened, no app served.
  const config = loadConfig({ ...process.env, SERVE_APPS: 'false' });
  assertSharedSecret(config);
  if (config.WORKERS < 1) throw new CliFailure('WORKERS=0 leaves a worker nothing to run: set WORKERS to 1 or more (2 by default).', 2);
  let url = config.DATABASE_URL;
  if (!url) {
    const running = runningPostmaster(embeddedDir(config));
    if (!running) {
      throw new CliFailure(
        `The school's database is not running (${embeddedDir(config)}): start the school first (pnpm start, with WORKERS=0 to leave its jobs to this worker), or set DATABASE_URL.`,
      );
    }
    url = embeddedUrl(running.port, 'school');
  }
  const source = config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL';
  const ds = await openDatabase(url, 5, requestPoolOptions(config)).catch((e) => {
    throw new CliFailure(`Could not connect to the database: ${explainDatabaseError(e, url, source)}`);
  });
  const app = await createApp(config, ds);
  await app.init();
  Logger.log(`The worker is running ${config.WORKERS} job(s) at a time`, 'Worker');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  Logger.log('Stopping: finishing the jobs under way', 'Worker');
  await app.close();
  await ds.destroy();
}

runCli(main, 'The worker stopped');

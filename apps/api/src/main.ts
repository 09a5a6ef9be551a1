import 'reflect-metadata';
import type { Server } from 'node:http';
import { type INestApplication, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { assertSharedSecret, ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { explainDatabaseError } from './startup/explain-database-error';
import { openDatabase, requestPoolOptions, setupPoolOptions } from './startup/open-database';
import { EmbeddedPostgresError } from './startup/embedded-postgres';
import { DEMO_LOGINS, seedDemo } from './startup/seed';
import { seedDemoActivity } from './startup/seed-activity';
import { type DatabaseHandle, startDatabase } from './startup/start-database';
import { resolveJwtSecret } from './common/jwt-secret';
import { ReadinessChecks } from './platform/health/readiness';
import { StorageService } from './platform/storage/storage.service';
import { type HttpDrain, trackRequests } from './platform/lifecycle/http-drain';
import { pinoLoggerService } from './platform/logging/framework-log';
import { createRootLogger } from './platform/logging/logging';
import { startBlock } from './platform/logging/start-block';

/** An error whose message alone tells the person starting the school what to do. */
class StartError extends Error {}

async function main() {
  const config = loadConfig();
  assertSharedSecret(config);
  // What is logged before the app exists (the database, the seed) in the app's own format and clock.
  Logger.overrideLogger(pinoLoggerService(createRootLogger(config)));
  const dbLog = (line: string) => Logger.warn(line, 'Database');
  const source = config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL (EMBEDDED_PG_PORT)';
  let database: DatabaseHandle | undefined;
  let dataSource: DataSource | undefined;
  let app: INestApplication | undefined;
  let requests: HttpDrain | undefined;
  let listening = false;
  let seeded = false;

  const start = async () => {
    database = await startDatabase(config, dbLog).catch((e) => {
      throw new StartError(explainDatabaseError(e, config.DATABASE_URL ?? '', source));
    });
    const url = database.url;
    // Migrations and the seed may run long statements: a pool of their own without the request limits.
    // The seed runs under the migration lock: of replicas starting together on an empty database,
    // the first seeds it and the others, waiting for the lock, find its users there.
    const seed = async (ds: DataSource) => {
      if (!config.seedDemo) return;
      const storage = new StorageService(config, ds, resolveJwtSecret(config));
      const logins = await seedDemo(ds, { storage, repoRoot: config.repoRoot });
      if (logins) {
        seeded = true;
        Logger.log('Demo data created (its logins are listed once the school is running)', 'Seed');
      }
    };
    const setup = await openDatabase(url, 20, { ...setupPoolOptions(config), afterMigrate: seed }).catch((e) => {
      throw new StartError(explainDatabaseError(e, url, source));
    });
    await setup.destroy();
    dataSource = await openDatabase(url, config.DB_POOL_SIZE, requestPoolOptions(config, dbLog));
    app = await createApp(config, dataSource);
    // The demo's lessons, quiz attempt, hand-ins, grades and certificates go through the services themselves, so its figures agree.
    if (seeded) await seedDemoActivity(app, dataSource, config.repoRoot);
    requests = trackRequests(app.getHttpServer() as Server);
    await app.listen(config.PORT, config.HOST ?? '0.0.0.0');
    listening = true;
  };
  /**
   * Closes whatever has been started, last first; the embedded PostgreSQL must never be left running.
   * Requests in flight finish first (at most SHUTDOWN_TIMEOUT_MS) while new connections are refused
   * and readiness answers 503; then the app's modules stop (their shutdown hooks finish their jobs).
   */
  const close = async () => {
    if (app) {
      app.get(ReadinessChecks).markStopping();
      if (listening && requests) {
        if (requests.inFlight) Logger.log(`Stopping: finishing ${requests.inFlight} request(s) in flight`, 'Shutdown');
        const finished = await requests.drain(config.SHUTDOWN_TIMEOUT_MS);
        if (!finished)
          Logger.warn(`Requests still running after ${config.SHUTDOWN_TIMEOUT_MS} ms were cut off (SHUTDOWN_TIMEOUT_MS)`, 'Shutdown');
      }
      await app.close();
    }
    await dataSource?.destroy();
    await database?.stop();
  };

  const starting = start();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // A stop during the start (pnpm dev rebuilt, Ctrl-C) lets it finish first: killing it half-way
    // would leave PostgreSQL running or its data folder half made, and the next start would fail.
    await starting.catch(() => undefined);
    // Requests get SHUTDOWN_TIMEOUT_MS; the modules, the pool and PostgreSQL 10 s more, never longer.
    setTimeout(() => process.exit(0), config.SHUTDOWN_TIMEOUT_MS + 10_000).unref();
    await close();
    process.exit(0);
  };
  // Kept (not once): a second signal while stopping must not end the process before the database has stopped.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await starting;
  } catch (e) {
    // A start that failed half-way leaves no database server behind.
    if (!stopping) await close().catch(() => undefined);
    throw e;
  }
  if (stopping) return;
  // Printed last: the address, where the data is and the demo logins, not buried among the framework's lines.
  // In development it is written as it is, for the person at the terminal (the logger would remove the logins'
  // email addresses, as it does from every message); elsewhere it is one log entry like any other.
  const block = startBlock({
    url: `http://localhost:${config.PORT}`,
    database: config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL',
    dataDir: config.DATABASE_URL && config.STORAGE === 's3' ? null : config.dataDir,
    logins: config.seedDemo ? DEMO_LOGINS : [],
  });
  if (config.NODE_ENV === 'development') process.stdout.write(`${block}\n`);
  else Logger.log(block, 'Bootstrap');
  // pnpm dev's watcher waits for this before it may restart the API.
  process.send?.('ready');
}

main().catch((e) => {
  // A bad setting or a database that cannot start is the operator's to fix: the message says which
  // and how, a stack would bury it.
  if (e instanceof ConfigError || e instanceof StartError || e instanceof EmbeddedPostgresError) console.error(e.message);
  else if ((e as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(
      `The port of the school is already in use (${(e as Error).message}). Stop the program using it, or choose another port with PORT.`,
    );
  } else console.error(e ?? 'The API could not start');
  process.exit(1);
});

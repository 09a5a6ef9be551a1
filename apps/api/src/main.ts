import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { type AppConfig, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { explainDatabaseError } from './database/database-errors';
import { openDatabase, requestPoolOptions, setupPoolOptions } from './database/data-source';
import { EmbeddedPostgresError } from './database/embedded-postgres';
import { seedDemo } from './database/seed';
import { type DatabaseHandle, startDatabase } from './database/start-database';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { StorageService } from './modules/storage/storage.service';

/** An error whose message alone tells the person starting the school what to do. */
class StartError extends Error {}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    throw new StartError((e as Error).message);
  }
  const dbLog = (line: string) => Logger.warn(line, 'Database');
  const source = config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL (EMBEDDED_PG_PORT)';
  const database = await startDatabase(config, dbLog).catch((e) => {
    throw new StartError(explainDatabaseError(e, config.DATABASE_URL ?? '', source));
  });
  let stopDatabase: DatabaseHandle['stop'] | undefined = database.stop;
  try {
    // Migrations and the seed may run long statements: a pool of their own without the request limits.
    const setup = await openDatabase(database.url, 20, setupPoolOptions(config)).catch((e) => {
      throw new StartError(explainDatabaseError(e, database.url, source));
    });
    try {
      if (config.seedDemo) {
        const storage = new StorageService(config, setup, resolveJwtSecret(config));
        const logins = await seedDemo(setup, { storage, repoRoot: config.repoRoot });
        if (logins) {
          Logger.log('Demo data created. Sign in with:', 'Seed');
          for (const l of logins) Logger.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(28)} ${l.password}`, 'Seed');
        }
      }
    } finally {
      await setup.destroy();
    }
    const dataSource = await openDatabase(database.url, 20, requestPoolOptions(config, dbLog));
    const app = await createApp(config, dataSource);
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      // Idle keep-alive connections would hold the close open; never wait more than 10 s.
      setTimeout(() => process.exit(0), 10_000).unref();
      (app.getHttpServer() as import('node:http').Server).closeIdleConnections();
      await app.close();
      await dataSource.destroy();
      await database.stop();
      process.exit(0);
    };
    // Kept (not once): Nest's own shutdown hook sends the signal again when its part is done, and
    // the process must live on until the database has stopped.
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    await app.listen(config.PORT, config.HOST ?? '0.0.0.0');
    stopDatabase = undefined;
    Logger.log(`The school is running at http://localhost:${config.PORT}`, 'Bootstrap');
  } finally {
    // A start that failed half-way leaves no database server behind.
    await stopDatabase?.().catch(() => undefined);
  }
}

main().catch((e) => {
  if (e instanceof StartError || e instanceof EmbeddedPostgresError) console.error(e.message);
  else if ((e as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(`The port of the school is already in use (${(e as Error).message}). Stop the program using it, or choose another port with PORT.`);
  } else console.error(e);
  process.exit(1);
});

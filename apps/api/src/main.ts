import 'reflect-metadata';
import type { Server } from 'node:http';
import { type INestApplication, Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { openDatabase } from './database/data-source';
import { seedDemo } from './database/seed';
import { type DatabaseHandle, startDatabase } from './database/start-database';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { StorageService } from './modules/storage/storage.service';

async function main() {
  const config = loadConfig();
  let database: DatabaseHandle | undefined;
  let dataSource: DataSource | undefined;
  let app: INestApplication | undefined;

  const start = async () => {
    database = await startDatabase(config);
    dataSource = await openDatabase(database.url);
    if (config.seedDemo) {
      const storage = new StorageService(config, dataSource, resolveJwtSecret(config));
      const logins = await seedDemo(dataSource, { storage, repoRoot: config.repoRoot });
      if (logins) {
        Logger.log('Demo data created. Sign in with:', 'Seed');
        for (const l of logins) Logger.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(28)} ${l.password}`, 'Seed');
      }
    }
    app = await createApp(config, dataSource);
    await app.listen(config.PORT, config.HOST ?? '0.0.0.0');
  };
  /** Closes whatever has been started, last first; the embedded PostgreSQL must never be left running. */
  const close = async () => {
    if (app) {
      (app.getHttpServer() as Server).closeIdleConnections();
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
    // Idle keep-alive connections would hold the close open; never wait more than 10 s.
    setTimeout(() => process.exit(0), 10_000).unref();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await starting;
  } catch (e) {
    if (!stopping) await close().catch(() => undefined);
    throw e;
  }
  if (stopping) return;
  Logger.log(`The school is running at http://localhost:${config.PORT}`, 'Bootstrap');
  // pnpm dev's watcher waits for this before it may restart the API.
  process.send?.('ready');
}

main().catch((e) => {
  // A bad setting is the operator's to fix: its lines say which and how, a stack would bury them.
  console.error(e instanceof ConfigError ? e.message : (e ?? 'The API could not start'));
  process.exit(1);
});

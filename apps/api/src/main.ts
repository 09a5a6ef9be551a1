import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { openDatabase } from './database/data-source';
import { seedDemo } from './database/seed';
import { startDatabase } from './database/start-database';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { StorageService } from './modules/storage/storage.service';

async function main() {
  const config = loadConfig();
  const database = await startDatabase(config);
  const dataSource = await openDatabase(database.url);
  if (config.seedDemo) {
    const storage = new StorageService(config, dataSource, resolveJwtSecret(config));
    const logins = await seedDemo(dataSource, { storage, repoRoot: config.repoRoot });
    if (logins) {
      Logger.log('Demo data created. Sign in with:', 'Seed');
      for (const l of logins) Logger.log(`  ${l.role.padEnd(10)} ${l.email.padEnd(28)} ${l.password}`, 'Seed');
    }
  }
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
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen(config.PORT, config.HOST ?? '0.0.0.0');
  Logger.log(`The school is running at http://localhost:${config.PORT}`, 'Bootstrap');
}

main().catch((e) => {
  // A bad setting is the operator's to fix: its lines say which and how, a stack would bury them.
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});

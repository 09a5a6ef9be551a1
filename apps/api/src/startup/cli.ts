import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { explainDatabaseError } from './explain-database-error';
import { openDatabase, setupPoolOptions } from './open-database';
import { useDatabase } from './start-database';

/** A command's failure: its message is the one sentence printed, its code the exit code (2: bad arguments). */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** How the school's database was reached, for messages. */
export interface SchoolDatabase {
  ds: DataSource;
  url: string;
  source: string;
}

/**
 * Runs `fn` on the school's database, whether the school is running (its embedded PostgreSQL),
 * stopped (started for the command and stopped again) or on DATABASE_URL; a connection failure
 * is a CliFailure saying what to do.
 */
export async function withSchoolDatabase<T>(config: AppConfig, fn: (db: SchoolDatabase) => Promise<T>): Promise<T> {
  const source = config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL';
  const database = await useDatabase(config).catch((e) => {
    throw new CliFailure(`Could not connect to the database: ${explainDatabaseError(e, config.DATABASE_URL ?? '', source)}`);
  });
  try {
    const ds = await openDatabase(database.url, 2, setupPoolOptions(config)).catch((e) => {
      throw new CliFailure(`Could not connect to the database: ${explainDatabaseError(e, database.url, source)}`);
    });
    try {
      return await fn({ ds, url: database.url, source });
    } finally {
      await ds.destroy();
    }
  } finally {
    await database.stop();
  }
}

/** Runs a command to its exit code: 0 done, a CliFailure's own code and message, else 1 with `failed` and the error. */
export function runCli(main: () => Promise<void>, failed: string): void {
  main().then(
    () => process.exit(0),
    (e) => {
      if (e instanceof CliFailure) {
        console.error(e.message);
        process.exit(e.exitCode);
      }
      console.error(`${failed}: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}

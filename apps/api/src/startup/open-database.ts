import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { DatabaseMonitor, type MonitorOptions } from '../database/database-monitor';
import { databaseMonitor, MonitoredDataSource } from '../database/data-source';
import { migrations } from '../database/migrations';
import { entities } from './entities';

/** Limits on waiting for the database, in milliseconds; 0 or unset waits without limit. */
export interface DatabaseTimeouts {
  /** Longest a statement may run (the server cancels it). */
  statementMs?: number;
  /** Longest a caller waits for a connection of the pool (including connecting). */
  acquireMs?: number;
  /** Longest the connection to the server (TCP and authentication) may take. */
  connectMs?: number;
}

export interface DatabaseOptions {
  timeouts?: DatabaseTimeouts;
  /** Watch the database: fail fast while it does not answer (see DatabaseMonitor). */
  monitor?: MonitorOptions | boolean;
  /** Apply pending migrations when opening (default true). */
  migrate?: boolean;
  /**
   * Runs after the migrations, still under the migration lock: work that must happen once however
   * many replicas start together on an empty database (the demo seed).
   */
  afterMigrate?: (ds: DataSource) => Promise<void>;
}

/** The pool that serves requests: every timeout of the settings, and the monitor. */
export function requestPoolOptions(config: AppConfig, log?: (line: string) => void): DatabaseOptions {
  return {
    migrate: false,
    timeouts: {
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
    },
    monitor: { log },
  };
}

/** The pool of migrations and the seed at start: their statements may take longer than a request's. */
export function setupPoolOptions(config: AppConfig): DatabaseOptions {
  return { timeouts: { connectMs: config.DB_CONNECT_TIMEOUT_MS } };
}

export function createDataSource(url: string, poolSize = 20, options: DatabaseOptions = {}): DataSource {
  const { statementMs, acquireMs, connectMs } = options.timeouts ?? {};
  const monitor = options.monitor ? new DatabaseMonitor(url, options.monitor === true ? {} : options.monitor) : undefined;
  const Base = monitor?.Client ?? pg.Client;
  // The pool hands its own options to each client; the connect timeout is the client's alone.
  const Client = connectMs
    ? class extends Base {
        constructor(config?: pg.ClientConfig) {
          super({ ...config, connectionTimeoutMillis: connectMs });
        }
      }
    : Base;
  const dataSourceOptions: DataSourceOptions = {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      Client,
      ...(acquireMs ? { connectionTimeoutMillis: acquireMs } : {}),
      ...(statementMs ? { statement_timeout: statementMs } : {}),
    },
  };
  return monitor ? new MonitoredDataSource(dataSourceOptions, monitor) : new DataSource(dataSourceOptions);
}

/**
 * Key of the session-level advisory lock held while migrating ('school:migrations' as a bigint):
 * replicas starting together on one database migrate one after the other, the later ones finding
 * nothing left to do.
 */
export const MIGRATION_LOCK_KEY = '7318042115522375012';

/**
 * Runs `ds`'s pending migrations, each in its own transaction, while holding the migration lock
 * on a connection of its own (outside the pool, which may hold a single connection).
 */
export async function migrateUnderLock(
  ds: DataSource,
  url: string,
  connectMs?: number,
  afterMigrate?: (ds: DataSource) => Promise<void>,
): Promise<void> {
  const lock = new pg.Client({ connectionString: url, ...(connectMs ? { connectionTimeoutMillis: connectMs } : {}) });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await ds.runMigrations({ transaction: 'each' });
    await afterMigrate?.(ds);
  } finally {
    // Ending the session releases the lock even when the unlock itself fails.
    await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

/**
 * Connects and applies every pending migration (under the migration lock), each in its own
 * transaction, then `afterMigrate` under the same lock.
 */
export async function openDatabase(url: string, poolSize?: number, options: DatabaseOptions = {}): Promise<DataSource> {
  const ds = createDataSource(url, poolSize, options);
  await ds.initialize();
  try {
    if (options.migrate !== false) await migrateUnderLock(ds, url, options.timeouts?.connectMs, options.afterMigrate);
  } catch (e) {
    await ds.destroy();
    throw e;
  }
  databaseMonitor(ds)?.start();
  return ds;
}

import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { poolOf } from './sql/db';

/** Table the migration 1764000000900 creates for every rate limit's counts. */
const TABLE = 'rate_limits';

/**
 * A rate limiter whose counts are kept in PostgreSQL on the DataSource's pool, so that all API
 * processes share them. `keyPrefix` keeps each limit's keys apart in the one table.
 */
export function postgresRateLimiter(
  db: DataSource,
  opts: { keyPrefix: string; points: number; duration: number; blockDuration?: number },
): RateLimiterPostgres {
  return new RateLimiterPostgres({
    ...opts,
    storeClient: poolOf(db),
    storeType: 'pool',
    tableName: TABLE,
    // Created by the migration, not by the library.
    tableCreated: true,
    // Rows an hour past their expiry are deleted every 5 minutes (on an unref'd timer).
    clearExpiredByTimeout: true,
  });
}

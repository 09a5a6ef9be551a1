import type { ThrottlerStorage } from '@nestjs/throttler';
import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { postgresRateLimiter } from './rate-limit-store';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * @nestjs/throttler's counts in PostgreSQL (a fixed window per key), so that the limits on public
 * forms, uploads and registration hold across all API processes rather than per process.
 */
export class PostgresThrottlerStorage implements ThrottlerStorage {
  /** One limiter per limit setting; the guard's keys already name the route and the client. */
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly db: DataSource) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const setting = `${throttlerName}:${limit}:${ttl}:${blockDuration}`;
    let limiter = this.limiters.get(setting);
    if (!limiter) {
      // The guard speaks milliseconds, the limiter seconds.
      limiter = postgresRateLimiter(this.db, {
        keyPrefix: `throttle-${throttlerName}`,
        points: limit,
        duration: ttl / 1000,
        blockDuration: blockDuration / 1000,
      });
      this.limiters.set(setting, limiter);
    }
    try {
      const res = await limiter.consume(key);
      return { totalHits: res.consumedPoints, timeToExpire: Math.ceil(res.msBeforeNext / 1000), isBlocked: false, timeToBlockExpire: 0 };
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const seconds = Math.ceil(e.msBeforeNext / 1000);
      return { totalHits: e.consumedPoints, timeToExpire: seconds, isBlocked: true, timeToBlockExpire: seconds };
    }
  }
}

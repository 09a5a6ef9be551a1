import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { postgresRateLimiter } from './rate-limit-store';

/** A limit: `points` over `duration` seconds, blocking for as long once spent. */
export interface Budget {
  points: number;
  duration: number;
}

/** One limiter per budget, each under its own key prefix in `rate_limits`. */
export function budgetLimiters<K extends string>(
  db: DataSource,
  prefix: string,
  budgets: Record<K, Budget>,
): Record<K, RateLimiterPostgres> {
  const out = {} as Record<K, RateLimiterPostgres>;
  for (const [name, b] of Object.entries(budgets) as [K, Budget][])
    out[name] = postgresRateLimiter(db, {
      keyPrefix: `${prefix}-${name}`,
      points: b.points,
      duration: b.duration,
      blockDuration: b.duration,
    });
  return out;
}

/**
 * Takes one point from each (limiter, key) in turn; answers null when all had one, else the
 * milliseconds until the spent one frees a point (points already taken stay taken).
 */
export async function takeEach(takes: [RateLimiterPostgres, string][]): Promise<number | null> {
  for (const [limiter, key] of takes) {
    try {
      await limiter.consume(key, 1);
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
      throw e;
    }
  }
  return null;
}

/** "in 3 minutes" of a wait in milliseconds (at least one minute). */
export function inMinutes(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes > 1 ? 's' : ''}`;
}

/** A 429 with Retry-After's worth of wait in the message. */
export function tooManyRequests(message: string): HttpException {
  return new HttpException({ message }, HttpStatus.TOO_MANY_REQUESTS);
}

import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { postgresRateLimiter } from '../../common/rate-limit-store';
import { AppConfig } from '../../config/app-config';

const WINDOW_SECONDS = 15 * 60;

/**
 * Backs off failed logins: 5 consecutive failures on one account, or 30 from one address
 * (a classroom may share it), block further attempts for 15 minutes. A success clears the account's count.
 * The counts are kept in PostgreSQL (see rate-limit-store.ts), so all API processes share them.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byAccount: RateLimiterPostgres;
  private readonly byIp: RateLimiterPostgres;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) db: DataSource,
  ) {
    const limiter = (keyPrefix: string, points: number) =>
      postgresRateLimiter(db, { keyPrefix, points, duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS });
    this.byAccount = limiter('login-account', 5);
    this.byIp = limiter('login-ip', 30);
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    if (this.config.DISABLE_RATE_LIMITS) return;
    const [account, address] = await Promise.all([this.byAccount.get(email), this.byIp.get(ip)]);
    const blocked = [account, address].find((r) => r && r.remainingPoints <= 0 && r.msBeforeNext > 0);
    if (blocked) throw this.tooMany(blocked);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    if (this.config.DISABLE_RATE_LIMITS) return;
    await Promise.all([this.byAccount.penalty(email, 1), this.byIp.penalty(ip, 1)]);
    const account = await this.byAccount.get(email);
    if (account && account.remainingPoints <= 0) await this.byAccount.block(email, WINDOW_SECONDS);
    const address = await this.byIp.get(ip);
    if (address && address.remainingPoints <= 0) await this.byIp.block(ip, WINDOW_SECONDS);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.byAccount.delete(email);
  }

  private tooMany(res: RateLimiterRes) {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
    return new HttpException(
      { message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.` },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

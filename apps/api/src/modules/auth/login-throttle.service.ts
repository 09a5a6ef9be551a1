import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../../config/app-config';

/**
 * Backs off failed logins: 5 consecutive failures on one account, or 30 from one address
 * (a classroom may share it), block further attempts for 15 minutes. A success clears the account's count.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: 5, duration: 15 * 60, blockDuration: 15 * 60 });
  private readonly byIp = new RateLimiterMemory({ keyPrefix: 'login-ip', points: 30, duration: 15 * 60, blockDuration: 15 * 60 });

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

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
    if (account && account.remainingPoints <= 0) await this.byAccount.block(email, 15 * 60);
    const address = await this.byIp.get(ip);
    if (address && address.remainingPoints <= 0) await this.byIp.block(ip, 15 * 60);
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

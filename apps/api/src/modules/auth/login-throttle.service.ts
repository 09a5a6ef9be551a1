import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { postgresRateLimiter } from '../../common/rate-limit-store';
import { AppConfig } from '../../config/app-config';

const MINUTE = 60;

/**
 * The limits on guessing a password, each counting attempts over its window and blocking for as long:
 * - one account from one address: 5 per 15 minutes, so a stranger elsewhere cannot lock the owner out;
 * - one account from anywhere: 50 per hour, a ceiling on a guessing attack spread over many addresses;
 * - one address over every account: 100 per 15 minutes (a whole classroom may share it).
 */
export const LOGIN_LIMITS = {
  accountAddress: { points: 5, duration: 15 * MINUTE },
  account: { points: 50, duration: 60 * MINUTE },
  address: { points: 100, duration: 15 * MINUTE },
} as const;

/** An attempt counted against every limit; settle it with `succeeded` once the password matched. */
export interface PasswordAttempt {
  email: string;
  ip: string;
}

/**
 * Backs off password guessing: at login, and when a signed-in user's current password is checked
 * (change-password, change-email). Each attempt is taken from the limits before the password is
 * verified, so no burst of concurrent requests gets more verifications than the limit allows;
 * a correct password gives its attempt back (and clears the account's count from that address).
 * The counts are kept in PostgreSQL (see rate-limit-store.ts), so all API processes share them.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byAccountAddress: RateLimiterPostgres;
  private readonly byAccount: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DataSource) db: DataSource,
  ) {
    const limiter = (keyPrefix: string, { points, duration }: { points: number; duration: number }) =>
      postgresRateLimiter(db, { keyPrefix, points, duration, blockDuration: duration });
    this.byAccountAddress = limiter('login-account-ip', LOGIN_LIMITS.accountAddress);
    this.byAccount = limiter('login-account-all', LOGIN_LIMITS.account);
    this.byAddress = limiter('login-ip', LOGIN_LIMITS.address);
  }

  /**
   * Takes one attempt from each limit, the narrowest first: an address that spent its own attempts
   * on an account takes nothing more from the account's ceiling. Throws 429 when one is spent.
   */
  async begin(email: string, ip: string): Promise<PasswordAttempt> {
    const attempt = { email, ip };
    if (this.config.DISABLE_RATE_LIMITS) return attempt;
    await this.take(this.byAccountAddress, accountAddressKey(email, ip));
    await this.take(this.byAddress, ip);
    await this.take(this.byAccount, email);
    return attempt;
  }

  /** The password matched: this attempt is given back, and the account's count from this address cleared. */
  async succeeded({ email, ip }: PasswordAttempt): Promise<void> {
    if (this.config.DISABLE_RATE_LIMITS) return;
    await Promise.all([
      this.byAccountAddress.delete(accountAddressKey(email, ip)),
      this.byAddress.reward(ip, 1),
      this.byAccount.reward(email, 1),
    ]);
  }

  private async take(limiter: RateLimiterPostgres, key: string): Promise<void> {
    try {
      await limiter.consume(key, 1);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(e);
      throw e;
    }
  }
}

const accountAddressKey = (email: string, ip: string) => `${email}|${ip}`;

function tooMany(res: RateLimiterRes) {
  const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
  return new HttpException(
    { message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.` },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

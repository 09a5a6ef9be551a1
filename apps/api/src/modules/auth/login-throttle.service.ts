import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { postgresRateLimiter } from '../../common/rate-limit-store';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { passwordAccountByEmail } from './accounts.queries';

const MINUTE = 60;

/**
 * The limits on guessing a password, each counting attempts over its window:
 * - one account from one address: 5 per 15 minutes, so a stranger elsewhere cannot lock the owner out;
 * - one account from anywhere: 50 an hour, a ceiling on a guessing attack spread over many
 *   addresses. Its lock is short (15 minutes), a device that signed in to the account before is not
 *   held by it, a password reset clears it, and the owner is mailed when it trips;
 * - one address over every account: 100 per 15 minutes (a whole classroom may share it).
 */
export const LOGIN_LIMITS = {
  accountAddress: { points: 5, duration: 15 * MINUTE, block: 15 * MINUTE },
  account: { points: 50, duration: 60 * MINUTE, block: 15 * MINUTE },
  address: { points: 100, duration: 15 * MINUTE, block: 15 * MINUTE },
} as const;

/** The job that tells an account's owner that its sign-ins are being guessed at. */
export const FAILED_SIGN_INS_JOB = 'failed-sign-ins-notice';

/** An attempt counted against every limit; settle it with `succeeded` once the password matched. */
export interface PasswordAttempt {
  email: string;
  ip: string;
  /** Whether the account's ceiling was charged: a known device's attempt is not, so gets nothing back. */
  chargedAccount: boolean;
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
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
  ) {
    const limiter = (keyPrefix: string, { points, duration, block }: { points: number; duration: number; block: number }) =>
      postgresRateLimiter(db, { keyPrefix, points, duration, blockDuration: block });
    this.byAccountAddress = limiter('login-account-ip', LOGIN_LIMITS.accountAddress);
    this.byAccount = limiter('login-account-all', LOGIN_LIMITS.account);
    this.byAddress = limiter('login-ip', LOGIN_LIMITS.address);
    jobs.define<{ email: string }>({
      name: FAILED_SIGN_INS_JOB,
      queue: mailRetryQueue(config, 3600),
      handler: (data) => this.sendNotice(data.email),
    });
  }

  /**
   * Takes one attempt from each limit, the narrowest first: an address that spent its own attempts
   * on an account takes nothing more from the account's ceiling. Throws 429 when one is spent.
   * `knownDevice`: the caller proved it signed in to this account before (see known-device.ts), so
   * the account's ceiling, which strangers elsewhere can spend, does not hold it.
   */
  async begin(email: string, ip: string, knownDevice = false): Promise<PasswordAttempt> {
    const attempt = { email, ip, chargedAccount: !knownDevice && !this.config.DISABLE_RATE_LIMITS };
    if (this.config.DISABLE_RATE_LIMITS) return attempt;
    await this.take(this.byAccountAddress, accountAddressKey(email, ip));
    await this.take(this.byAddress, ip);
    if (attempt.chargedAccount) await this.takeAccount(email);
    return attempt;
  }

  /** The password matched: this attempt is given back, and the account's count from this address cleared. */
  async succeeded({ email, ip, chargedAccount }: PasswordAttempt): Promise<void> {
    if (this.config.DISABLE_RATE_LIMITS) return;
    await Promise.all([
      this.byAccountAddress.delete(accountAddressKey(email, ip)),
      this.byAddress.reward(ip, 1),
      // Giving back a point never taken would reopen a tripped ceiling to strangers (and trip it twice).
      chargedAccount && this.byAccount.reward(email, 1),
    ]);
  }

  /** A password reset proved the owner: the account's ceiling starts afresh. */
  async clearAccount(email: string): Promise<void> {
    await this.byAccount.delete(email);
  }

  /** The account's ceiling; its first refusal queues the owner's notice (once per lock). */
  private async takeAccount(email: string): Promise<void> {
    try {
      await this.byAccount.consume(email, 1);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      if (e.consumedPoints === LOGIN_LIMITS.account.points + 1) {
        await this.db.transaction((m) => this.jobs.send(m, FAILED_SIGN_INS_JOB, { email }));
      }
      throw tooMany(e);
    }
  }

  /** The job: the owner of the account with this email (if any) hears of the failed sign-ins. */
  async sendNotice(email: string): Promise<void> {
    const account = await passwordAccountByEmail(this.db, email);
    if (!account || account.is_suspended) return;
    await this.mail.deliver({
      template: 'failed-sign-ins',
      to: account.email,
      // At most one a lock: the hour the ceiling tripped in.
      subjectId: `failed-sign-ins:${account.id}:${Math.floor(Date.now() / 3_600_000)}`,
      props: { attempts: LOGIN_LIMITS.account.points, resetUrl: `${this.mail.webOrigin}/login/reset-password` },
    });
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

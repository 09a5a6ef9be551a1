import { randomBytes } from 'node:crypto';
import { BadRequestException, ForbiddenException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  type PasswordResetConfirm,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_USED_MESSAGE,
  type User,
} from '@school/contracts';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { postgresRateLimiter } from '../../common/rate-limit-store';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { SUSPENDED_MESSAGE } from './auth.service';
import { type AccountRow, enrolQueued, lockQueueForRegistration, markEmailVerified, setPasswordHash } from './accounts.queries';
import {
  insertResetLink,
  invalidateResetLinks,
  type LinkRow,
  lockAccountByEmail,
  lockResetAccount,
  resetAccount,
  resetLink,
  spendResetLink,
} from './password-reset.queries';
import { LoginThrottleService } from './login-throttle.service';
import { resetTokenHash } from './password-reset-links';
import { PasswordService, WEAK_PASSWORD_MESSAGE } from './password.service';
import { type IssuedTokens, TokenService } from './token.service';

/** The job that looks the account up and mails it a link: the request itself never reads the account. */
export const PASSWORD_RESET_JOB = 'password-reset-link';

const MINUTE = 60;

/**
 * Limits on asking for links, each over its window and blocking for as long. Both apply whether
 * or not the account exists, so a refusal says nothing about it.
 * - one email address from anywhere: 5 an hour (its owner's inbox is not flooded);
 * - one client address over every email: 30 an hour (a classroom may share it).
 */
export const PASSWORD_RESET_LIMITS = {
  email: { points: 5, duration: 60 * MINUTE },
  address: { points: 30, duration: 60 * MINUTE },
} as const;

const linkError = (message: string) => new BadRequestException({ message, errors: { token: message } });
const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });
const toUser = ({ id_slug, first_name, last_name, email, role }: AccountRow): User => ({ id_slug, first_name, last_name, email, role });

/** Why a link cannot be used, or null when it can. */
function refusal(link: LinkRow | undefined): string | null {
  if (!link) return RESET_LINK_INVALID_MESSAGE;
  if (link.used_at) return RESET_LINK_USED_MESSAGE;
  if (link.invalidated_at) return RESET_LINK_INVALID_MESSAGE;
  if (link.expired) return RESET_LINK_EXPIRED_MESSAGE;
  return null;
}

/**
 * Password reset by email. A request only counts against its limits and queues a job carrying the
 * email, the same statements whatever the email: the answer, its status and its time say nothing
 * about the account. The job finds the account (an active one), withdraws its earlier links, stores
 * the hash of a new 256-bit token valid 30 minutes and mails the link; the token itself is never
 * stored (a failed send is retried by the job with a new token). Using a link sets the password,
 * ends every session of the account and signs it in; it also proves the address (the account is
 * verified and joins the cohorts that queued its email).
 */
@Injectable()
export class PasswordResetService {
  private readonly byEmail: RateLimiterPostgres;
  private readonly byAddress: RateLimiterPostgres;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(PasswordService) private readonly passwords: PasswordService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
  ) {
    const limiter = (keyPrefix: string, { points, duration }: { points: number; duration: number }) =>
      postgresRateLimiter(db, { keyPrefix, points, duration, blockDuration: duration });
    this.byEmail = limiter('reset-email', PASSWORD_RESET_LIMITS.email);
    this.byAddress = limiter('reset-ip', PASSWORD_RESET_LIMITS.address);
    jobs.define<{ email: string }>({
      name: PASSWORD_RESET_JOB,
      queue: mailRetryQueue(config, 3600),
      handler: (data) => this.sendLink(data.email),
    });
  }

  /** Counts the request and queues the job; never reads the account. */
  async request(email: string, ip: string): Promise<{ message: string }> {
    if (!this.config.DISABLE_RATE_LIMITS) {
      await this.take(this.byAddress, ip);
      await this.take(this.byEmail, email);
    }
    await this.db.transaction((m) => this.jobs.send(m, PASSWORD_RESET_JOB, { email }));
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  /** The job: a new link for an active account with this email, mailed; nothing for any other email. */
  async sendLink(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const issued = await this.db.transaction(async (m) => {
      // Locked, so concurrent requests leave exactly one live link.
      const account = await lockAccountByEmail(m, email);
      if (!account || account.is_suspended) return null;
      await invalidateResetLinks(m, account.id);
      const linkId = await insertResetLink(m, account.id, resetTokenHash(token), PASSWORD_RESET_TTL_MINUTES);
      return { account, linkId };
    });
    if (!issued) return;
    const resetUrl = `${this.mail.webOrigin}/login/reset-password?token=${encodeURIComponent(token)}`;
    await this.mail.deliver({
      template: 'password-reset',
      to: issued.account.email,
      subjectId: `password-reset:${issued.linkId}`,
      props: { firstName: issued.account.first_name, resetUrl, validMinutes: PASSWORD_RESET_TTL_MINUTES },
    });
  }

  /** Sets the new password with a live link: single use, then every session of the account ends and this one begins. */
  async confirm(body: PasswordResetConfirm): Promise<{ user: User } & IssuedTokens> {
    const hash = resetTokenHash(body.token);
    const link = await resetLink(this.db, hash);
    const refused = refusal(link);
    if (refused || !link) throw linkError(refused ?? RESET_LINK_INVALID_MESSAGE);
    const account = await resetAccount(this.db, link.user_id);
    if (!account) throw linkError(RESET_LINK_INVALID_MESSAGE);
    if (account.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    if (this.passwords.isWeak(body.new_password, [account.email, account.first_name, account.last_name])) {
      throw fieldError('new_password', WEAK_PASSWORD_MESSAGE);
    }
    const passwordHash = await this.passwords.hash(body.new_password);
    const signedIn = await this.db.transaction(async (m) => {
      // First statement: the link proves the address, so seats queued for it are given here (see cohort-queue-lock).
      await lockQueueForRegistration(m);
      // Spent here, once: a concurrent use of the same link finds it used.
      if (!(await spendResetLink(m, link.id))) {
        const now = await resetLink(m, hash);
        throw linkError(refusal(now) ?? RESET_LINK_INVALID_MESSAGE);
      }
      // Locked, so a suspension is either seen here or waits and then ends the session issued here.
      const current = await lockResetAccount(m, link.user_id);
      if (!current) throw linkError(RESET_LINK_INVALID_MESSAGE);
      if (current.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
      await setPasswordHash(m, current.id, passwordHash);
      await invalidateResetLinks(m, current.id);
      // The link reached the address: it is proven, and the cohorts that queued it enrol the account.
      await markEmailVerified(m, current.id);
      await enrolQueued(m, current.id, current.email);
      const token_version = await this.tokens.endAllSessions(current.id, m);
      const tokens = await this.tokens.issue({ ...current, token_version }, m);
      return { user: toUser(current), ...tokens };
    });
    // The owner proved themselves: sign-ins to the account wait no longer for what strangers spent.
    if (!this.config.DISABLE_RATE_LIMITS) await this.throttle.clearAccount(signedIn.user.email);
    return signedIn;
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

function tooMany(res: RateLimiterRes) {
  const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
  return new HttpException(
    { message: `Too many password reset requests. Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.` },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}

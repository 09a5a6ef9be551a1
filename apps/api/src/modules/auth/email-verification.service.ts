import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION_LINK_EXPIRED_MESSAGE,
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  EMAIL_VERIFICATION_LINK_USED_MESSAGE,
  EMAIL_VERIFICATION_TTL_HOURS,
  EMAIL_VERIFIED_MESSAGE,
  type EmailVerificationStatus,
  emailVerificationSentMessage,
} from '@school/contracts';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource, type EntityManager } from 'typeorm';
import { budgetLimiters, inMinutes, takeEach, tooManyRequests } from '../../common/rate-budget';
import { tokenHash } from '../../common/token-hash';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { enrolQueued, lockAccount, lockQueueForRegistration, markEmailVerified } from './accounts.queries';
import {
  armVerification,
  insertVerification,
  lockVerificationByToken,
  markVerificationUsed,
  verificationStatus,
} from './email-verification.queries';

/** The job that makes a verification's token and mails its link. */
export const EMAIL_VERIFICATION_JOB = 'email-verification-link';

const HOUR = 3600;

/**
 * Confirmation mails go to an address nobody has proven, so they are counted like any mail a
 * stranger can aim: per account (its resends), per address mailed, and per client address over
 * every account it registers (a classroom registering together stays well inside).
 */
export const VERIFICATION_MAIL_LIMITS = {
  account: { points: 3, duration: HOUR },
  recipient: { points: 3, duration: HOUR },
  client: { points: 20, duration: HOUR },
};

const linkError = (message: string) => new BadRequestException({ message, errors: { token: message } });

/**
 * Email verification of self-registered accounts. Registering without a link mails the address a
 * confirmation link (valid EMAIL_VERIFICATION_TTL_HOURS; the job draws the 256-bit token and stores
 * only its sha256). Until it is used the account signs in and learns as any other but receives no
 * seat waiting for its address (cohort queue entries, invitations, accepted offers): using the link
 * marks the email verified and turns those into enrolments, under the cohort queue lock as
 * registration does. A password reset or email change link proves the address too (their services).
 */
@Injectable()
export class EmailVerificationService {
  private readonly limits: Record<keyof typeof VERIFICATION_MAIL_LIMITS, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
  ) {
    this.limits = budgetLimiters(db, 'verify-mail', VERIFICATION_MAIL_LIMITS);
    jobs.define<{ verificationId: string }>({
      name: EMAIL_VERIFICATION_JOB,
      queue: mailRetryQueue(config, 3600),
      handler: (data) => this.sendLink(data.verificationId),
    });
  }

  /**
   * Counts a registration's confirmation mail against the client's and the address's budgets;
   * false when one is spent (the account is still made, and its holder may resend later).
   */
  async mayMailOnRegistration(email: string, ip: string): Promise<boolean> {
    if (this.config.DISABLE_RATE_LIMITS) return true;
    return (
      (await takeEach([
        [this.limits.client, ip],
        [this.limits.recipient, email],
      ])) === null
    );
  }

  /** A new verification of the account's email with its mail, in the caller's transaction. */
  async start(m: EntityManager, userId: string, email: string): Promise<void> {
    const id = await insertVerification(m, userId, email, EMAIL_VERIFICATION_TTL_HOURS);
    await this.jobs.send(m, EMAIL_VERIFICATION_JOB, { verificationId: id });
  }

  async status(userId: string): Promise<EmailVerificationStatus> {
    const row = await verificationStatus(this.db, userId);
    if (!row) throw new NotFoundException('User not found');
    return row;
  }

  /** A new link for the signed-in account's unconfirmed email (the earlier one stops working). */
  async resend(userId: string, ip: string): Promise<{ message: string }> {
    const row = await this.status(userId);
    if (row.verified) throw new ConflictException(EMAIL_ALREADY_VERIFIED_MESSAGE);
    if (!this.config.DISABLE_RATE_LIMITS) {
      const wait = await takeEach([
        [this.limits.account, userId],
        [this.limits.recipient, row.email],
        [this.limits.client, ip],
      ]);
      if (wait !== null) throw tooManyRequests(`Too many confirmation emails. Please try again ${inMinutes(wait)}.`);
    }
    await this.db.transaction((m) => this.start(m, userId, row.email));
    return { message: emailVerificationSentMessage(row.email) };
  }

  /** The job: a fresh token for a live verification, mailed; nothing once it is over. */
  async sendLink(verificationId: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const hash = tokenHash(token);
    const armed = await armVerification(this.db, verificationId, hash);
    if (!armed) return;
    await this.mail.deliver({
      template: 'email-verification',
      to: armed.email,
      // One message per token: a retried job sends its new link, never the replaced one.
      subjectId: `email-verification:${verificationId}:${hash.slice(0, 16)}`,
      props: {
        firstName: armed.first_name,
        email: armed.email,
        verifyUrl: `${this.mail.webOrigin}/account/verify-email?token=${encodeURIComponent(token)}`,
        validHours: EMAIL_VERIFICATION_TTL_HOURS,
      },
    });
  }

  /** Uses a link: the email is verified (once) and the cohorts that queued it enrol the account. */
  verify(token: string): Promise<{ message: string; email: string }> {
    return this.db.transaction(async (m) => {
      await lockQueueForRegistration(m);
      const v = await lockVerificationByToken(m, tokenHash(token));
      if (!v || v.invalidated_at) throw linkError(EMAIL_VERIFICATION_LINK_INVALID_MESSAGE);
      if (v.used_at) throw linkError(EMAIL_VERIFICATION_LINK_USED_MESSAGE);
      if (v.expired) throw linkError(EMAIL_VERIFICATION_LINK_EXPIRED_MESSAGE);
      const account = await lockAccount(m, v.user_id);
      // The account changed its email since: this link proves an address it no longer has.
      if (!account || account.email !== v.email) throw linkError(EMAIL_VERIFICATION_LINK_INVALID_MESSAGE);
      await markVerificationUsed(m, v.id);
      await markEmailVerified(m, account.id);
      await enrolQueued(m, account.id, account.email);
      return { message: EMAIL_VERIFIED_MESSAGE, email: account.email };
    });
  }
}

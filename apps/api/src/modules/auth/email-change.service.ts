import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type ChangeEmail,
  EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE,
  EMAIL_CHANGE_CANCEL_DAYS,
  EMAIL_CHANGE_CANCEL_EXPIRED_MESSAGE,
  EMAIL_CHANGE_CANCELLED_MESSAGE,
  EMAIL_CHANGE_CONFIRMED_MESSAGE,
  EMAIL_CHANGE_LINK_EXPIRED_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_LINK_USED_MESSAGE,
  EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CHANGE_UNDONE_MESSAGE,
  type EmailChangePending,
  type User,
} from '@school/contracts';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { budgetLimiters, inMinutes, takeEach, tooManyRequests } from '../../common/rate-budget';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { DUPLICATE_EMAIL_MESSAGE, SUSPENDED_MESSAGE, USER_NOT_FOUND_MESSAGE, WRONG_PASSWORD_MESSAGE } from './auth.service';
import { enrolQueued, lockAccount, lockQueueForRegistration, passwordAccountById, updateEmail } from './accounts.queries';
import {
  type EmailChangeRow,
  emailChangeNotice,
  emailTaken,
  insertEmailChange,
  invalidateEmailChanges,
  lockEmailChangeByToken,
  markEmailChange,
  pendingEmailChange,
  setEmailChangeToken,
} from './email-change.queries';
import { invalidateResetLinks } from './password-reset.queries';
import { LoginThrottleService } from './login-throttle.service';
import { resetTokenHash } from './password-reset-links';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';

/** The job that makes a request's token and mails its link: to the new address (confirm) or the old one (cancel). */
export const EMAIL_CHANGE_JOB = 'email-change-link';
/** The job that tells the restored address that a confirmed change was undone. */
export const EMAIL_CHANGE_UNDONE_JOB = 'email-change-undone';

interface EmailChangeJob {
  requestId: string;
  kind: 'confirm' | 'cancel';
}

const HOUR = 3600;

/**
 * Confirmation mails go to an address the account has not proven, so they are limited like any
 * mail a stranger could aim at someone: per account, and per address mailed over every account.
 */
export const EMAIL_CHANGE_MAIL_LIMITS = {
  account: { points: 3, duration: HOUR },
  recipient: { points: 3, duration: HOUR },
};

const fieldError = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });
const linkError = (message: string) => new BadRequestException({ message, errors: { token: message } });
const toUser = ({ id_slug, first_name, last_name, email, role }: User): User => ({ id_slug, first_name, last_name, email, role });

/**
 * Verified email change. Asking (with the current password) records the new address beside the
 * account, withdrawing any earlier request, and queues two jobs: one mails the new address a
 * confirmation link valid 24 hours, the other tells the old address and gives it a link to cancel.
 * Each job makes its own random 256-bit token and stores only its sha256, so no token is ever at
 * rest. The account's email changes only when the confirmation link is used (once); from then on
 * only the new address signs in, and the password reset links mailed to the old one are withdrawn.
 * Requests are limited per account and per new address (EMAIL_CHANGE_MAIL_LIMITS), and the message
 * to the new address carries nothing the account's holder chose.
 */
@Injectable()
export class EmailChangeService {
  private readonly mailLimits: Record<keyof typeof EMAIL_CHANGE_MAIL_LIMITS, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(PasswordService) private readonly passwords: PasswordService,
    @Inject(LoginThrottleService) private readonly throttle: LoginThrottleService,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {
    this.mailLimits = budgetLimiters(db, 'email-change-mail', EMAIL_CHANGE_MAIL_LIMITS);
    const queue = mailRetryQueue(config, 3600);
    jobs.define<EmailChangeJob>({ name: EMAIL_CHANGE_JOB, queue, handler: (data) => this.sendLink(data) });
    jobs.define<{ requestId: string }>({ name: EMAIL_CHANGE_UNDONE_JOB, queue, handler: (data) => this.sendUndone(data.requestId) });
  }

  /** Records the request and queues its two messages; the account keeps its email until the confirmation. */
  async request(userId: string, body: ChangeEmail, ip: string): Promise<{ user: User; pending_email: string }> {
    const row = await passwordAccountById(this.db, userId);
    if (!row) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
    if (row.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
    if (row.email !== body.current_email) throw fieldError('current_email', 'Current email does not match your account.');
    const attempt = await this.throttle.begin(row.email, ip);
    if (!(await this.passwords.verify(row.password_hash, body.current_password))) {
      throw fieldError('current_password', WRONG_PASSWORD_MESSAGE);
    }
    await this.throttle.succeeded(attempt);
    if (body.new_email === row.email) throw fieldError('new_email', 'The new email is the same as the current one.');
    if (!this.config.DISABLE_RATE_LIMITS) {
      const wait = await takeEach([
        [this.mailLimits.account, userId],
        [this.mailLimits.recipient, body.new_email],
      ]);
      if (wait !== null) throw tooManyRequests(`Too many email change requests. Please try again ${inMinutes(wait)}.`);
    }
    return this.db.transaction(async (m) => {
      const current = await lockAccount(m, userId);
      if (!current) throw new NotFoundException(USER_NOT_FOUND_MESSAGE);
      if (await emailTaken(m, body.new_email)) throw fieldError('new_email', DUPLICATE_EMAIL_MESSAGE);
      await invalidateEmailChanges(m, userId);
      const { id } = await insertEmailChange(m, userId, current.email, body.new_email, EMAIL_CHANGE_TTL_HOURS);
      await this.jobs.send(m, EMAIL_CHANGE_JOB, { requestId: id, kind: 'confirm' } satisfies EmailChangeJob);
      await this.jobs.send(m, EMAIL_CHANGE_JOB, { requestId: id, kind: 'cancel' } satisfies EmailChangeJob);
      return { user: toUser(current), pending_email: body.new_email };
    });
  }

  async pending(userId: string): Promise<EmailChangePending> {
    const row = await pendingEmailChange(this.db, userId);
    return { pending_email: row?.new_email ?? null, expires_at: row ? new Date(row.expires_at).toISOString() : null };
  }

  /** The job: a fresh token for a live request, mailed; nothing once the request is over. */
  async sendLink({ requestId, kind }: EmailChangeJob): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const hash = resetTokenHash(token);
    const request = await setEmailChangeToken(this.db, requestId, kind, hash);
    if (!request) return;
    const page = kind === 'confirm' ? 'confirm-email' : 'cancel-email-change';
    const url = `${this.mail.webOrigin}/account/${page}?token=${encodeURIComponent(token)}`;
    // One message per token: a retried job sends its new link, never the withdrawn one.
    const subjectId = `email-change:${requestId}:${hash.slice(0, 16)}`;
    if (kind === 'confirm') {
      await this.mail.deliver({
        template: 'email-change-confirm',
        to: request.new_email,
        subjectId,
        props: { newEmail: request.new_email, confirmUrl: url, validHours: EMAIL_CHANGE_TTL_HOURS },
      });
    } else {
      await this.mail.deliver({
        template: 'email-change-notice',
        to: request.old_email,
        subjectId,
        props: { firstName: request.first_name, newEmail: request.new_email, cancelUrl: url, validDays: EMAIL_CHANGE_CANCEL_DAYS },
      });
    }
  }

  /** The job: tells the restored address that the change was undone and every session ended. */
  async sendUndone(requestId: string): Promise<void> {
    const request = await emailChangeNotice(this.db, requestId);
    if (!request) return;
    await this.mail.deliver({
      template: 'email-change-undone',
      to: request.old_email,
      subjectId: `email-change-undone:${requestId}`,
      props: {
        firstName: request.first_name,
        oldEmail: request.old_email,
        newEmail: request.new_email,
        resetUrl: `${this.mail.webOrigin}/login/reset-password`,
      },
    });
  }

  /**
   * Sets the new address with a live confirmation link: single use. Every other session of the
   * account ends; `sessionRefresh` (the confirming browser's refresh token) keeps its session only
   * when it is one of this account's.
   */
  async confirm(token: string, sessionRefresh?: string): Promise<{ message: string; email: string }> {
    return this.db.transaction(async (m) => {
      // First statement: the new address is proven here, so its queued seats are given (see cohort-queue-lock).
      await lockQueueForRegistration(m);
      const request = await lockEmailChangeByToken(m, 'confirm', resetTokenHash(token));
      const refused = refusal(request);
      if (refused || !request) throw linkError(refused ?? EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      const account = await lockAccount(m, request.user_id);
      if (!account || account.email !== request.old_email) throw linkError(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      if (account.is_suspended) throw new ForbiddenException(SUSPENDED_MESSAGE);
      // Someone registered the address meanwhile: the link stays as it was, and says so.
      if (await emailTaken(m, request.new_email)) throw linkError(DUPLICATE_EMAIL_MESSAGE);
      await updateEmail(m, account.id, request.new_email).catch((e: { code?: string }) => {
        if (e.code === '23505') throw linkError(DUPLICATE_EMAIL_MESSAGE);
        throw e;
      });
      await markEmailChange(m, request.id, 'confirmed');
      await enrolQueued(m, account.id, request.new_email);
      await invalidateResetLinks(m, account.id);
      await this.tokens.endOtherSessions(account.id, sessionRefresh, m);
      return { message: EMAIL_CHANGE_CONFIRMED_MESSAGE, email: request.new_email };
    });
  }

  /**
   * The link sent to the old address, for EMAIL_CHANGE_CANCEL_DAYS: withdraws a pending change, or
   * undoes a confirmed one. Undoing restores the old address (refused when another account has
   * taken it meanwhile), ends every session of the account, withdraws its reset links and any
   * newer change, and tells the restored address.
   */
  async cancel(token: string): Promise<{ message: string }> {
    return this.db.transaction(async (m) => {
      const request = await lockEmailChangeByToken(m, 'cancel', resetTokenHash(token), EMAIL_CHANGE_CANCEL_DAYS);
      if (!request) throw linkError(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      if (request.cancelled_at) throw linkError(EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE);
      if (request.invalidated_at) throw linkError(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      if (request.cancel_expired) throw linkError(EMAIL_CHANGE_CANCEL_EXPIRED_MESSAGE);
      if (!request.confirmed_at) {
        // An expired request changed nothing; cancelling it says so all the same.
        await markEmailChange(m, request.id, 'cancelled');
        return { message: EMAIL_CHANGE_CANCELLED_MESSAGE };
      }
      const account = await lockAccount(m, request.user_id);
      if (!account) throw linkError(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
      if (account.email !== request.old_email) {
        const holder = await emailTaken(m, request.old_email);
        if (holder && String(holder.id) !== String(account.id)) throw new ConflictException(EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE);
        await updateEmail(m, account.id, request.old_email).catch((e: { code?: string }) => {
          if (e.code === '23505') throw new ConflictException(EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE);
          throw e;
        });
      }
      await markEmailChange(m, request.id, 'cancelled');
      await invalidateEmailChanges(m, account.id);
      await invalidateResetLinks(m, account.id);
      await this.tokens.endAllSessions(account.id, m);
      await this.jobs.send(m, EMAIL_CHANGE_UNDONE_JOB, { requestId: request.id });
      return { message: EMAIL_CHANGE_UNDONE_MESSAGE };
    });
  }
}

/** Why a confirmation link cannot be used, or null when it can. */
function refusal(request: EmailChangeRow | undefined): string | null {
  if (!request) return EMAIL_CHANGE_LINK_INVALID_MESSAGE;
  if (request.confirmed_at) return EMAIL_CHANGE_LINK_USED_MESSAGE;
  if (request.cancelled_at) return EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE;
  if (request.invalidated_at) return EMAIL_CHANGE_LINK_INVALID_MESSAGE;
  if (request.expired) return EMAIL_CHANGE_LINK_EXPIRED_MESSAGE;
  return null;
}

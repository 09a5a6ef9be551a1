import { randomBytes } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CohortInvitationsQuery,
  type CohortInvitationsResponse,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_USED_MESSAGE,
  type InvitationLookupResponse,
  NOT_IN_QUEUE_MESSAGE,
} from '@school/contracts';
import type { Job } from 'pg-boss';
import { DataSource, type EntityManager } from 'typeorm';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { tokenHash } from '../../common/token-hash';
import { JWT_SECRET } from '../../common/jwt-secret';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { isPermanentRefusal } from '../../platform/mail/smtp-refusal';
import { mailDate } from './enrolled-mail';
import { newInvitationToken, openToken } from './invitation-token';
import {
  armInvitation,
  cohortInvitations,
  invitationByHash,
  type InvitationSend,
  markInvitationFailed,
  markInvitationOpened,
  markInvitationSent,
  newInvitationSends,
  setSendTokenHashes,
  shareCohortForInvitations,
  withdrawQueued,
} from './invitations.queries';

/** The job that mails one send of an invitation with its link. */
export const INVITATION_JOB = 'cohort-invitation';

/** A send's job: the send, and its token sealed with the app secret (see invitation-token.ts). */
export interface InvitationSendJob extends InvitationSend {
  token?: string;
}

const linkError = (message: string) => new BadRequestException({ message, errors: { token: message } });

/**
 * Invitations of the people a cohort queues (emails without an account). Each send is a job,
 * created in the transaction that queued the person (or resent), which also draws the send's
 * 256-bit token and stores only its hash on the invitation (replacing the earlier send's, so only
 * the newest link works); the job carries the token sealed and every try of it mails the same
 * `/create-account?invite=<token>` (one message, one Message-ID) and records the delivery; after the mail's last
 * try, or at once when the server refuses the address for good, it records the failure. Looking
 * the link up marks it opened; registering through it (auth module) enrols the person as the
 * queue does and marks it accepted. A link works until the cohort's end_access_date.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {
    jobs.define<InvitationSendJob>({
      name: INVITATION_JOB,
      queue: mailRetryQueue(config),
      concurrency: config.MAIL_CONCURRENCY,
      handler: (data, job) => this.send(data, job),
    });
  }

  /** Draws each send's token, stores its hash and queues the mailing, in the caller's transaction (two statements). */
  async queueSends(m: EntityManager, sends: InvitationSend[]): Promise<void> {
    if (!sends.length) return;
    const drawn = sends.map((s) => ({ ...s, ...newInvitationToken(this.secret, tokenHash) }));
    await setSendTokenHashes(m, drawn);
    await this.jobs.sendMany(
      m,
      INVITATION_JOB,
      drawn.map((s) => ({ data: { id: s.id, send: s.send, token: s.sealed } satisfies InvitationSendJob })),
    );
  }

  async list(cohortIdSlug: string, query: CohortInvitationsQuery): Promise<CohortInvitationsResponse> {
    const found = await cohortInvitations(this.db, cohortIdSlug, query);
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    return found;
  }

  /** A new invitation for one queued email (the earlier link stops working). */
  async resend(cohortIdSlug: string, email: string): Promise<{ resent: number }> {
    return this.db.transaction(async (m) => {
      const cohort = await shareCohortForInvitations(m, cohortIdSlug);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      const sends = await newInvitationSends(m, cohort.id, email);
      if (!sends.length) throw new NotFoundException(NOT_IN_QUEUE_MESSAGE);
      if (cohort.ended) throw new ConflictException(INVITATION_EXPIRED_MESSAGE);
      await this.queueSends(m, sends);
      return { resent: sends.length };
    });
  }

  /** A new invitation for every queued email of the cohort; none once its access has ended. */
  async resendAll(cohortIdSlug: string): Promise<{ resent: number }> {
    return this.db.transaction(async (m) => {
      const cohort = await shareCohortForInvitations(m, cohortIdSlug);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      if (cohort.ended) return { resent: 0 };
      const sends = await newInvitationSends(m, cohort.id, null);
      await this.queueSends(m, sends);
      return { resent: sends.length };
    });
  }

  /** Takes a person out of the queue: they are not enrolled on sign-up and their link stops working. */
  async withdraw(cohortIdSlug: string, email: string): Promise<{ email: string }> {
    return this.db.transaction(async (m) => {
      const cohort = await shareCohortForInvitations(m, cohortIdSlug);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      if (!(await withdrawQueued(m, cohort.id, email))) throw new NotFoundException(NOT_IN_QUEUE_MESSAGE);
      return { email };
    });
  }

  /** What a live link invites to; looking it up marks the invitation opened. */
  async lookup(token: string): Promise<InvitationLookupResponse> {
    const found = await invitationByHash(this.db, tokenHash(token));
    if (!found) throw linkError(INVITATION_INVALID_MESSAGE);
    if (found.accepted) throw linkError(INVITATION_USED_MESSAGE);
    if (found.expired) throw linkError(INVITATION_EXPIRED_MESSAGE);
    if (!found.queued) throw linkError(INVITATION_INVALID_MESSAGE);
    await markInvitationOpened(this.db, found.id);
    const { email, first_name, last_name, cohort_id_slug, cohort_title, start_date, end_date } = found;
    return { email, first_name, last_name, cohort_id_slug, cohort_title, start_date, end_date };
  }

  /** The job: the send's link mailed (the same on every try); nothing when the send was replaced, withdrawn, accepted or expired. */
  async send(send: InvitationSendJob, job?: Pick<Job, 'id' | 'retryCount'>): Promise<void> {
    // A job queued before tokens were drawn at creation carries none: it draws its own, as it did then.
    const token = send.token ? openToken(this.secret, send.token) : randomBytes(32).toString('base64url');
    const hash = tokenHash(token);
    const row = await armInvitation(this.db, send, hash);
    if (!row) return;
    try {
      await this.mail.deliver(
        {
          template: 'cohort-invitation',
          to: row.email,
          // One message per send (its token): every try is the same message under the same Message-ID.
          subjectId: `invitation:${send.id}:${hash.slice(0, 16)}`,
          props: {
            firstName: row.first_name,
            email: row.email,
            cohortTitle: row.cohort_title,
            startDate: mailDate(row.start_date),
            endDate: mailDate(row.end_date),
            validUntil: mailDate(row.end_access_date),
            inviteUrl: `${this.mail.webOrigin}/create-account?invite=${encodeURIComponent(token)}`,
          },
        },
        job,
      );
    } catch (e) {
      // The server refused the address for good (5xx to RCPT TO): failed at once, no retry can deliver it.
      if (isPermanentRefusal(e))
        return markInvitationFailed(this.db, send, (e as Error & { response?: string }).response ?? (e as Error).message);
      // The last try failed: the invitation shows as failed (an admin may resend it).
      if ((job?.retryCount ?? 0) >= this.config.MAIL_RETRY_LIMIT) await markInvitationFailed(this.db, send, (e as Error).message);
      throw e;
    }
    await markInvitationSent(this.db, send);
  }
}

import { ConflictException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  type ApplicantStatus,
  STATUS_LINK_SENT_MESSAGE,
  FINAL_STATUSES,
  OFFER_ACCEPTED_ENROLLED_MESSAGE,
  OFFER_ACCEPTED_SETUP_MESSAGE,
  OFFER_NOT_OPEN_MESSAGE,
  WITHDRAW_CLOSED_MESSAGE,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource, type EntityManager } from 'typeorm';
import { budgetLimiters, inMinutes, takeEach } from '../../common/rate-budget';
import { deadlineText } from '../../common/school-time';
import { tokenHash } from '../../common/token-hash';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { BulkAddService } from '../enrolments';
import { linkNotFound, lockByLink, queuePromotion, queueStatusMails, releaseAcceptedSeat } from './admission-moves';
import * as sql from './admissions.queries';
import * as links from './applicant-link.queries';
import * as reviews from './review.queries';

/** Looks up the applications made with an email and queues each one's status link (asked for from /applications/). */
export const STATUS_LINK_JOB = 'admission-status-link';

const HOUR = 3600;
/**
 * Limits on asking for status links again, blocking for as long once spent. Both apply whether or
 * not an application uses the email, so a refusal says nothing about who applied.
 */
export const STATUS_LINK_LIMITS = {
  email: { points: 3, duration: HOUR },
  address: { points: 20, duration: HOUR },
};

export const STAFF_ACCOUNT_MESSAGE = 'The email of this application belongs to a staff account. Please contact the school.';

/**
 * The applicant's private link: their status page, accepting (enrolled at once or invited to make
 * the account), declining and withdrawing; and the link mailed again on request from /applications/.
 */
@Injectable()
export class ApplicantLinkService {
  private readonly linkLimits: Record<keyof typeof STATUS_LINK_LIMITS, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(BulkAddService) private readonly enrol: BulkAddService,
  ) {
    jobs.define<{ email: string }>({
      name: STATUS_LINK_JOB,
      queue: mailRetryQueue(config),
      handler: (data) => this.queueStatusLinks(data.email),
    });
    this.linkLimits = budgetLimiters(db, 'status-link', STATUS_LINK_LIMITS);
  }

  /** The applicant's own status; a wrong token (or id) is a 404 that tells nothing. The view is audited. */
  async applicantStatus(idSlug: string, token: string): Promise<ApplicantStatus> {
    const id = await links.applicationByLink(this.db, idSlug, tokenHash(token));
    if (!id) throw linkNotFound();
    await sql.recordView(this.db, id, null, 'applicantStatus');
    return this.statusOf(this.db, id);
  }

  /** The applicant's page of an application (also after an erasure request, RetentionService). */
  async statusOf(q: DataSource | EntityManager, id: string): Promise<ApplicantStatus> {
    const row = (await links.applicantStatus(q, id)) as ApplicantStatus;
    // The accept-by moment as the offer mail writes it, so the page does not show it in the browser's zone.
    const offer = row.offer && { ...row.offer, accept_by_text: deadlineText(row.offer.accept_by) };
    return { ...row, offer, programme: getInitiative(row.programme)?.title ?? row.programme, timeline: row.timeline ?? [] };
  }

  /**
   * Accepts the offer: OFFERED -> ACCEPTED, then the cohort's own add: an existing student account
   * with the application's email is enrolled at once (the enrolment makes the application
   * ENROLLED), an email without an account is queued and invited to create it (enrolled, and so
   * ENROLLED, when they register). All in one transaction.
   */
  async accept(idSlug: string, token: string) {
    return this.db.transaction(async (m) => {
      const app = await lockByLink(m, idSlug, token);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const facts = (await links.mailFacts(m, app.id))!;
      if (facts.accept_by && new Date(facts.accept_by).getTime() <= Date.now()) throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      await sql.moveApplications(m, [app.id], 'ACCEPTED', null, 'Accepted by the applicant');
      const [first, ...rest] = facts.full_name.trim().split(/\s+/);
      const result = await this.enrol.addWithin(m, facts.cohort_id_slug!, [
        { email: facts.email.toLowerCase(), first_name: first ?? '', last_name: rest.join(' ') },
      ]);
      if (result.errors > 0) throw new ConflictException(STAFF_ACCOUNT_MESSAGE);
      if (result.already_in_cohort > 0) await sql.moveApplications(m, [app.id], 'ENROLLED', null, 'Already enrolled in the offered cohort');
      const enrolled = result.successfully_added_to_cohort > 0 || result.already_in_cohort > 0;
      return {
        data: await this.statusOf(m, app.id),
        next: enrolled ? ('enrolled' as const) : ('account_setup' as const),
        message: enrolled ? OFFER_ACCEPTED_ENROLLED_MESSAGE : OFFER_ACCEPTED_SETUP_MESSAGE,
      };
    });
  }

  /** Declines the offer: OFFERED -> DECLINED, and the freed place goes to the next waitlisted applicant (a job). */
  async decline(idSlug: string, token: string) {
    const data = await this.db.transaction(async (m) => {
      const app = await lockByLink(m, idSlug, token);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const moved = await sql.moveApplications(m, [app.id], 'DECLINED', null, 'Declined by the applicant');
      await queuePromotion(this.jobs, m, [app.id]);
      await queueStatusMails(this.jobs, m, moved, 'DECLINED');
      return this.statusOf(m, app.id);
    });
    return { data };
  }

  /**
   * The applicant withdraws, from any state that is not an end. A withdrawn offer frees its place
   * for the next waitlisted applicant (a job), as a declined one does; an accepted one too, once its
   * queue entry and invitation are gone (releaseAcceptedSeat), in the same transaction.
   */
  async withdraw(idSlug: string, token: string) {
    const data = await this.db.transaction(async (m) => {
      const app = await lockByLink(m, idSlug, token);
      if (FINAL_STATUSES.includes(app.status)) throw new ConflictException(WITHDRAW_CLOSED_MESSAGE);
      const moved = await sql.moveApplications(m, [app.id], 'WITHDRAWN', null, 'Withdrawn by the applicant');
      await queueStatusMails(this.jobs, m, moved, 'WITHDRAWN');
      if (app.status === 'ACCEPTED') await releaseAcceptedSeat(this.enrol, m, app.id);
      if (app.status === 'OFFERED' || app.status === 'ACCEPTED') await queuePromotion(this.jobs, m, [app.id]);
      return this.statusOf(m, app.id);
    });
    return { data };
  }

  /**
   * An applicant asks for their status link again (from /applications/). The request counts against
   * its limits and queues a job carrying the email, the same statements whatever the email: the
   * answer, its status and its time tell nothing about who applied.
   */
  async requestStatusLink(email: string, ip: string): Promise<{ message: string }> {
    if (!this.config.DISABLE_RATE_LIMITS) {
      const wait = await takeEach([
        [this.linkLimits.address, ip],
        [this.linkLimits.email, email.toLowerCase()],
      ]);
      if (wait !== null)
        throw new HttpException({ message: `Too many requests. Please try again ${inMinutes(wait)}.` }, HttpStatus.TOO_MANY_REQUESTS);
    }
    await this.db.transaction((m) => this.jobs.send(m, STATUS_LINK_JOB, { email: email.toLowerCase() }));
    return { message: STATUS_LINK_SENT_MESSAGE };
  }

  /** The job: each application made with the email gets its link mailed (a fresh token each). */
  async queueStatusLinks(email: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const found = await reviews.applicationsByEmail(m, email);
      if (found.length) await queueStatusMails(this.jobs, m, found, 'LINK');
    });
  }
}

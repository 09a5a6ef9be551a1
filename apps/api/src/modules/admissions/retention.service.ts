import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_LINK_INVALID_MESSAGE,
  DEFAULT_RETENTION_MONTHS,
  ERASURE_DONE_MESSAGE,
  ERASURE_NOT_PENDING_MESSAGE,
  ERASURE_REQUESTED_MESSAGE,
  type ErasureRequestedResponse,
  type ErasureRequestsQuery,
  erasureBlockedMessage,
  FINAL_STATUSES,
  type RetentionResponse,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { tokenHash } from '../../common/token-hash';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { StorageService } from '../../platform/storage/storage.service';
import * as sql from './admissions.queries';
import * as links from './applicant-link.queries';
import { ApplicantLinkService } from './applicant-link.service';
import * as retention from './retention.queries';

export const RETENTION_JOB = 'admission-retention';
/** Daily, at night in Malaysia (19:40 UTC is 03:40 MYT). */
export const RETENTION_CRON = '40 19 * * *';
/** Applications anonymised per transaction by the job (it goes on until none is due). */
const RETENTION_BATCH = 200;

const notFound = () => new NotFoundException('Application not found');

/**
 * Records kept no longer than needed. Unsuccessful applications are anonymised by a daily job once
 * their intake's retention period has passed; an applicant may ask through their private link for
 * their data to be erased, and an admin confirms (anonymised at once) or refuses with a reason;
 * the applicant is mailed either way. Anonymising keeps the reference, intake, course, state and
 * dates (the figures), and erases the rest, documents included; the files' rows go in the
 * anonymising transaction and their bytes after it commits.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger('Admissions');

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ApplicantLinkService) private readonly link: ApplicantLinkService,
  ) {
    jobs.define({
      name: RETENTION_JOB,
      cron: RETENTION_CRON,
      queue: { retryLimit: 2, retryDelay: 300 },
      handler: () => this.anonymiseExpired(),
    });
  }

  // ---- retention periods ----------------------------------------------------------------------

  private knownIntake(intake: string) {
    if (!getInitiative(intake)) throw new NotFoundException('Unknown intake');
  }

  async retention(intake: string): Promise<RetentionResponse> {
    this.knownIntake(intake);
    const row = await retention.retention(this.db, intake);
    return { data: { intake, months: row?.months ?? DEFAULT_RETENTION_MONTHS, set: !!row, updated_at: row?.updated_at ?? null } };
  }

  async setRetention(me: AuthUser, intake: string, months: number): Promise<RetentionResponse> {
    this.knownIntake(intake);
    await retention.saveRetention(this.db, intake, months, me.id);
    return this.retention(intake);
  }

  // ---- the daily job ---------------------------------------------------------------------------

  /** Anonymises every unsuccessful application past its intake's retention period; answers (and logs) the count. */
  async anonymiseExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const { count, storageKeys } = await this.db.transaction(async (m) => {
        const due = await retention.lockDueForAnonymising(m, RETENTION_BATCH);
        if (!due.length) return { count: 0, storageKeys: [] as string[] };
        const ids = due.map((d) => d.id);
        const { done, storageKeys: files } = await retention.anonymise(m, ids);
        await retention.logOnTimeline(
          m,
          done.map((d) => d.id),
          null,
          'Personal data erased: the retention period ended',
        );
        return { count: done.length, storageKeys: files };
      });
      await this.storage.removeFiles(storageKeys);
      total += count;
      if (count < RETENTION_BATCH) break;
    }
    this.logger.log(`Retention: anonymised ${total} unsuccessful application(s) past their intake's retention period`);
    return total;
  }

  // ---- erasure on request ------------------------------------------------------------------------

  /**
   * The applicant asks, through their private link, for their data to be erased. Refused, with the
   * reason, while they hold an open offer or a place; otherwise recorded for staff to confirm
   * (asking again while pending changes nothing).
   */
  async request(idSlug: string, token: string): Promise<ErasureRequestedResponse> {
    const data = await this.db.transaction(async (m) => {
      const id = await links.applicationByLink(m, idSlug, tokenHash(token), true);
      if (!id) throw new NotFoundException(APPLICATION_LINK_INVALID_MESSAGE);
      const [app] = await sql.lockApplications(m, [idSlug]);
      const blocked = erasureBlockedMessage(app.status);
      if (blocked) throw new ConflictException(blocked);
      await retention.requestErasure(m, id);
      return this.link.statusOf(m, id);
    });
    return { data, message: ERASURE_REQUESTED_MESSAGE };
  }

  async requests(me: AuthUser, query: ErasureRequestsQuery) {
    const page = await retention.erasureRequests(this.db, query.status ?? null, query);
    // A list of names and emails is a view of each application, as the pipeline's is.
    await sql.recordViews(
      this.db,
      page.data.map((r) => r.id_slug),
      me.id,
      'admissionsErasureRequests',
    );
    return page;
  }

  /** Locks the application and its pending request. */
  private async lockPending(m: EntityManager, idSlug: string) {
    const [app] = await sql.lockApplications(m, [idSlug]);
    if (!app) throw notFound();
    const request = await retention.lockErasure(m, app.id);
    if (request?.status !== 'PENDING') throw new ConflictException(ERASURE_NOT_PENDING_MESSAGE);
    return app;
  }

  /**
   * Confirms a pending request: an application still in progress is withdrawn first, then its data
   * is erased at once, logged on its timeline, and the applicant told at the address they gave
   * (taken before it goes). Refused while they hold an open offer or a place.
   */
  async confirm(me: AuthUser, idSlug: string) {
    const { data, storageKeys } = await this.db.transaction(async (m) => {
      const app = await this.lockPending(m, idSlug);
      const blocked = erasureBlockedMessage(app.status);
      if (blocked) throw new ConflictException(blocked);
      const facts = await links.mailFacts(m, app.id);
      // Anonymised meanwhile by the retention job: the request is done, with no address left to tell.
      if (!facts) {
        await retention.decideErasure(m, app.id, 'CONFIRMED', me.id, '');
        return { data: await retention.erasureRequest(m, app.id), storageKeys: [] as string[] };
      }
      const unsuccessful = FINAL_STATUSES.includes(app.status) || (app.status === 'SCREENED' && app.eligible === false);
      if (!unsuccessful)
        await sql.moveApplications(m, [app.id], 'WITHDRAWN', me.id, 'Withdrawn: the applicant asked for their personal data to be erased');
      const { storageKeys: files } = await retention.anonymise(m, [app.id]);
      await retention.decideErasure(m, app.id, 'CONFIRMED', me.id, '');
      await retention.logOnTimeline(m, [app.id], me.id, 'Personal data erased at the applicant’s request');
      await this.mail.queue(m, {
        template: 'admission-erased',
        to: facts.email,
        subjectId: `admission-erasure:${app.id_slug}`,
        props: { name: facts.full_name, programme: getInitiative(facts.intake)?.title ?? facts.intake, reason: '' },
      });
      return { data: await retention.erasureRequest(m, app.id), storageKeys: files };
    });
    await this.storage.removeFiles(storageKeys);
    this.logger.log(`Erasure: application ${data.id_slug} anonymised at the applicant's request, confirmed by ${me.id}`);
    return { data };
  }

  /** Refuses a pending request with the reason, which the applicant is mailed. */
  refuse(me: AuthUser, idSlug: string, reason: string) {
    return this.db.transaction(async (m) => {
      const app = await this.lockPending(m, idSlug);
      const facts = await links.mailFacts(m, app.id);
      if (!facts) throw new ConflictException(ERASURE_DONE_MESSAGE);
      await retention.decideErasure(m, app.id, 'REFUSED', me.id, reason);
      await this.mail.queue(m, {
        template: 'admission-erasure-refused',
        to: facts.email,
        subjectId: `admission-erasure-refused:${app.id_slug}:${Date.now()}`,
        props: { name: facts.full_name, programme: getInitiative(facts.intake)?.title ?? facts.intake, reason },
      });
      return { data: await retention.erasureRequest(m, app.id) };
    });
  }
}

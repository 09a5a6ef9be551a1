import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_POSTS_PER_HOUR,
  type SaveAnnouncement,
  type StaffAnnouncement,
  type StudentAnnouncementsResponse,
  type UpdateAnnouncement,
} from '@school/contracts';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { budgetLimiters, inMinutes, takeEach, tooManyRequests } from '../../common/rate-budget';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService, type SendMailJob } from '../../platform/mail/mail.service';
import { NotificationsService, previousDay } from '../notifications';
import { fieldError, publishTime } from './announcement-rules';
import {
  cancelAnnouncement,
  digestRows,
  eachRecipients,
  insertAnnouncement,
  lockedAnnouncement,
  markRead,
  postableCohorts,
  publishDue,
  reachedCohorts,
  replaceCohorts,
  staffAnnouncement,
  staffAnnouncements,
  studentAnnouncements,
  updateAnnouncement,
} from './announcements.queries';

export const PUBLISH_ANNOUNCEMENT_JOB = 'publish-announcement';
export const ANNOUNCEMENT_DIGEST_JOB = 'announcement-digest';
/** Shortly after midnight, school time: the digest covers the day just ended. */
export const ANNOUNCEMENT_DIGEST_CRON = '10 0 * * *';
/** Announcements one list shows (the newest; unread first). */
const LIST_LIMIT = 100;

const dayText = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * Cohort announcements. Staff reach a cohort as everywhere else: admins every cohort, instructors
 * and coaches theirs (read from cohort_instructors and cohort_coaches on each request); a cohort
 * out of reach answers as a missing one (404). Every announcement is stored as scheduled and a
 * pg-boss job publishes it at its time; one to go now is published in the transaction that posts
 * it. Publishing queues the mail of the students who chose each announcement; a daily job sends
 * the digest of those who chose it.
 */
@Injectable()
export class AnnouncementsService {
  private readonly limits: Record<'author', RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {
    // A content rule rather than abuse protection: it holds whatever DISABLE_RATE_LIMITS says.
    this.limits = budgetLimiters(db, 'announcement-post', { author: { points: ANNOUNCEMENT_POSTS_PER_HOUR, duration: 3600 } });
    jobs.define<{ id: string }>({
      name: PUBLISH_ANNOUNCEMENT_JOB,
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
      handler: (data) => this.db.transaction((m) => this.publish(m, data.id)),
    });
    jobs.define({
      name: ANNOUNCEMENT_DIGEST_JOB,
      cron: ANNOUNCEMENT_DIGEST_CRON,
      queue: { retryLimit: 3, retryDelay: 300 },
      handler: () => this.sendDigest(new Date()),
    });
  }

  async cohorts(me: AuthUser) {
    return { data: await postableCohorts(this.db, me.id, me.role === 'ADMIN') };
  }

  async staffList(me: AuthUser) {
    return { data: await staffAnnouncements(this.db, me.id, me.role === 'ADMIN', LIST_LIMIT) };
  }

  async create(me: AuthUser, body: SaveAnnouncement): Promise<{ data: StaffAnnouncement }> {
    const publishAt = publishTime(body.publish_at ?? null, new Date());
    const cohortIds = await this.reach(this.db, me, body.cohort_id_slugs);
    const wait = await takeEach([[this.limits.author, me.id]]);
    if (wait !== null) throw tooManyRequests(ANNOUNCEMENT_MESSAGES.tooMany(inMinutes(wait)));
    return this.db.transaction(async (m) => {
      const a = await insertAnnouncement(m, {
        authorId: me.id,
        title: body.title,
        body: body.body,
        pinned: body.pinned ?? false,
        publishAt,
        cohortIds,
      });
      if (publishAt) await this.schedule(m, a.id, publishAt);
      else await this.publish(m, a.id);
      return { data: await staffAnnouncement(m, me.id, a.id) };
    });
  }

  async update(me: AuthUser, idSlug: string, body: UpdateAnnouncement): Promise<{ data: StaffAnnouncement }> {
    const newTime = body.publish_at === undefined ? undefined : publishTime(body.publish_at, new Date());
    return this.db.transaction(async (m) => {
      const a = await this.ownLocked(m, me, idSlug);
      if (a.status === 'CANCELLED') throw new NotFoundException(ANNOUNCEMENT_MESSAGES.cancelled);
      const sent = a.status === 'PUBLISHED';
      // Once sent, where and when it went are history: only its words and its pin change.
      if (sent && (body.cohort_id_slugs !== undefined || body.publish_at !== undefined))
        throw fieldError(body.cohort_id_slugs !== undefined ? 'cohort_id_slugs' : 'publish_at', ANNOUNCEMENT_MESSAGES.alreadySent);
      if (!sent && body.cohort_id_slugs) await replaceCohorts(m, a.id, await this.reach(m, me, body.cohort_id_slugs));
      const textChanged = body.title !== undefined || body.body !== undefined;
      await updateAnnouncement(m, a.id, {
        title: body.title ?? null,
        body: body.body ?? null,
        pinned: body.pinned ?? null,
        publishAt: newTime ?? null,
        publishNow: newTime === null,
        markEdited: sent && textChanged,
      });
      if (newTime) await this.schedule(m, a.id, newTime);
      else if (newTime === null) await this.publish(m, a.id);
      return { data: await staffAnnouncement(m, me.id, a.id) };
    });
  }

  async cancel(me: AuthUser, idSlug: string): Promise<{ data: StaffAnnouncement }> {
    return this.db.transaction(async (m) => {
      const a = await this.ownLocked(m, me, idSlug);
      if (a.status !== 'SCHEDULED') throw fieldError('status', ANNOUNCEMENT_MESSAGES.cancelledOrSent);
      await cancelAnnouncement(m, a.id);
      return { data: await staffAnnouncement(m, me.id, a.id) };
    });
  }

  async mine(me: AuthUser): Promise<StudentAnnouncementsResponse> {
    const r = await studentAnnouncements(this.db, me.id, null, LIST_LIMIT);
    return { data: r.data, unread: r.unread };
  }

  async ofClass(me: AuthUser, cohortSlug: string): Promise<StudentAnnouncementsResponse> {
    const r = await studentAnnouncements(this.db, me.id, cohortSlug, LIST_LIMIT);
    if (!r.enrolled) throw new NotFoundException(ANNOUNCEMENT_MESSAGES.cohortNotFound);
    return { data: r.data, unread: r.unread };
  }

  async read(me: AuthUser, idSlug: string): Promise<{ unread: number }> {
    const unread = await markRead(this.db, me.id, idSlug);
    if (unread === null) throw new NotFoundException(ANNOUNCEMENT_MESSAGES.notFound);
    return { unread };
  }

  /**
   * Publishes a scheduled announcement whose time has come and queues its mail, in `m`; a job of
   * a time since changed, or of a cancelled announcement, does nothing.
   */
  async publish(m: EntityManager, id: string): Promise<void> {
    const a = await publishDue(m, id);
    if (!a) return;
    const recipients = await eachRecipients(m, a.id);
    const messages: SendMailJob[] = recipients.map((r) => {
      const links = this.notifications.unsubscribeLinks(r.id_slug, 'announcements');
      return {
        template: 'announcement',
        to: r.email,
        subjectId: `announcement:${a.id_slug}`,
        unsubscribeUrl: links.oneClick,
        props: {
          firstName: r.first_name,
          title: a.title,
          body: a.body,
          authorName: a.author_name,
          cohortTitle: r.cohort_title,
          classUrl: `${this.mail.learnOrigin}/class/${r.cohort_id_slug}`,
          unsubscribeUrl: links.page,
        },
      };
    });
    await this.mail.queueMany(m, messages);
  }

  /**
   * The digest of the day before `now` (school time): one message per student who chose it and
   * has announcements that day. The mail's own key (template, recipient, day) sends it once
   * however often this runs. Answers the number of messages queued.
   */
  async sendDigest(now: Date): Promise<number> {
    return this.db.transaction(async (m) => {
      const span = await previousDay(m, now, SCHOOL_TIME_ZONE);
      const byStudent = new Map<
        string,
        { email: string; first_name: string; items: { title: string; body: string; authorName: string; cohortTitle: string }[] }
      >();
      for (const r of await digestRows(m, span.from, span.until)) {
        const s = byStudent.get(r.id_slug) ?? { email: r.email, first_name: r.first_name, items: [] };
        s.items.push({ title: r.title, body: r.body, authorName: r.author_name, cohortTitle: r.cohort_title });
        byStudent.set(r.id_slug, s);
      }
      const messages: SendMailJob[] = [...byStudent].map(([idSlug, s]) => {
        const links = this.notifications.unsubscribeLinks(idSlug, 'announcements');
        return {
          template: 'announcement-digest',
          to: s.email,
          subjectId: `announcement-digest:${span.day}`,
          unsubscribeUrl: links.oneClick,
          props: {
            firstName: s.first_name,
            day: dayText(span.day),
            announcements: s.items,
            dashboardUrl: `${this.mail.learnOrigin}/student`,
            unsubscribeUrl: links.page,
          },
        };
      });
      await this.mail.queueMany(m, messages);
      return messages.length;
    });
  }

  private async schedule(m: EntityManager, id: string, at: Date): Promise<void> {
    await this.jobs.send(m, PUBLISH_ANNOUNCEMENT_JOB, { id }, { startAfter: at });
  }

  /** The internal ids of the named cohorts, every one of which the caller must reach (else 404, as a missing cohort). */
  private async reach(q: DataSource | EntityManager, me: AuthUser, slugs: string[]): Promise<string[]> {
    const wanted = [...new Set(slugs)];
    const found = await reachedCohorts(q, me.id, me.role === 'ADMIN', wanted);
    if (found.length !== wanted.length) throw new NotFoundException(ANNOUNCEMENT_MESSAGES.cohortNotFound);
    return found.map((c) => c.id);
  }

  /** The announcement locked for a change: 404 out of reach, 403 for staff who reach it but did not write it. */
  private async ownLocked(m: EntityManager, me: AuthUser, idSlug: string) {
    const a = await lockedAnnouncement(m, me.id, me.role === 'ADMIN', idSlug);
    if (!a || !a.reached) throw new NotFoundException(ANNOUNCEMENT_MESSAGES.notFound);
    if (me.role !== 'ADMIN' && String(a.author_id) !== String(me.id)) throw new ForbiddenException(ANNOUNCEMENT_MESSAGES.notAuthor);
    return a;
  }
}

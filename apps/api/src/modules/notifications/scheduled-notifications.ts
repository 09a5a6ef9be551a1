import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { deadlineText, SCHOOL_TIME_ZONE } from '../../common/school-time';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService, type SendMailJob } from '../../platform/mail/mail.service';
import {
  applicationsBetween,
  claimDueReminders,
  countApplicationsBetween,
  digestRecipients,
  previousDay,
  recordDigest,
} from './notifications.queries';
import { NotificationsService } from './notifications.service';

export const DEADLINE_REMINDERS_JOB = 'deadline-reminders';
export const APPLICATION_DIGEST_JOB = 'application-digest';
/** Every 15 minutes: a reminder goes between 24 hours and 23 h 45 before its deadline. */
export const DEADLINE_REMINDERS_CRON = '*/15 * * * *';
/** Shortly after midnight, school time: the digest covers the day just ended. */
export const APPLICATION_DIGEST_CRON = '5 0 * * *';
/** Applications listed in one digest; the rest are counted. */
const DIGEST_LIST_LIMIT = 50;

const dayText = (isoDay: string) =>
  new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const timeText = (d: string | Date) =>
  new Date(d).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: SCHOOL_TIME_ZONE });

/**
 * The recurring notifications, each a pg-boss singleton schedule (one run at a time across every
 * worker) whose every send is also guarded in PostgreSQL, so a run repeated or run twice at once
 * sends nothing twice:
 * - deadline reminders: one mail per (student, mandatory item), claimed by its row in
 *   deadline_reminders in the transaction that queues the mail;
 * - the admins' daily digest of programme applications: one row per day in application_digests,
 *   one mail per admin, nothing on a day without applications.
 */
@Injectable()
export class ScheduledNotifications {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(JobsService) jobs: JobsService,
  ) {
    jobs.define({
      name: DEADLINE_REMINDERS_JOB,
      cron: DEADLINE_REMINDERS_CRON,
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.sendDeadlineReminders(),
    });
    jobs.define({
      name: APPLICATION_DIGEST_JOB,
      cron: APPLICATION_DIGEST_CRON,
      queue: { retryLimit: 3, retryDelay: 300 },
      handler: () => this.sendApplicationDigest(new Date()),
    });
  }

  /** Claims and queues the reminders due now, in one transaction; answers how many. */
  async sendDeadlineReminders(): Promise<number> {
    return this.db.transaction(async (m) => {
      const due = await claimDueReminders(m);
      const messages: SendMailJob[] = due.map((r) => {
        const links = this.notifications.unsubscribeLinks(r.user_id_slug, 'deadline_reminders');
        return {
          template: 'deadline-reminder',
          to: r.email,
          // One mail per deadline: a reminder of a moved (extended) deadline is a new message.
          subjectId: `deadline:${r.cohort_grade_id}:${new Date(r.deadline).getTime()}`,
          unsubscribeUrl: links.oneClick,
          props: {
            firstName: r.first_name,
            itemTitle: r.item_title,
            cohortTitle: r.cohort_title,
            deadline: deadlineText(r.deadline),
            classUrl: `${this.mail.learnOrigin}/class/${r.cohort_id_slug}`,
            unsubscribeUrl: links.page,
          },
        };
      });
      await this.mail.queueMany(m, messages);
      return messages.length;
    });
  }

  /**
   * The digest of the day before `now` (school time): recorded once per day; one message per admin
   * with the digest on, listing that day's applications newest first; none on a day without any.
   * Answers the number of messages queued.
   */
  async sendApplicationDigest(now: Date): Promise<number> {
    return this.db.transaction(async (m) => {
      const span = await previousDay(m, now, SCHOOL_TIME_ZONE);
      const count = await countApplicationsBetween(m, span.from, span.until);
      if (!(await recordDigest(m, span.day, span.from, span.until, count)) || count === 0) return 0;
      const listed = await applicationsBetween(m, span.from, span.until, DIGEST_LIST_LIMIT);
      const applications = listed.map((a) => ({
        fullName: a.full_name,
        email: a.email,
        programme: a.course,
        submitted: timeText(a.created_date),
      }));
      const admins = await digestRecipients(m);
      const messages: SendMailJob[] = admins.map((admin) => {
        const links = this.notifications.unsubscribeLinks(admin.id_slug, 'application_digest');
        return {
          template: 'application-digest',
          to: admin.email,
          subjectId: `application-digest:${span.day}`,
          unsubscribeUrl: links.oneClick,
          props: {
            firstName: admin.first_name,
            day: dayText(span.day),
            applications,
            more: count - applications.length,
            reviewUrl: `${this.mail.adminOrigin}/admin/applications`,
            unsubscribeUrl: links.page,
          },
        };
      });
      await this.mail.queueMany(m, messages);
      return messages.length;
    });
  }
}

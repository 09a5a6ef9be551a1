import { ConflictException, Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  isBlankText,
  LOGBOOK_MESSAGES,
  RESEND_WEEK_LINK_MESSAGE,
  SUPERVISOR_LINK_MESSAGES,
  type SupervisorDecision,
  type SupervisorWeekResponse,
  type UnsignedWeeksResponse,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { deadlineText } from '../../common/school-time';
import type { Sql } from '../../common/sql/db';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { StorageService } from '../../platform/storage/storage.service';
import { TimelineService } from '../timeline';
import { shownFiles } from './logbook-files';
import { placementWeeks } from './logbook-weeks';
import { recordEvent, weekDetail } from './logbook.queries';
import * as sql from './supervisor-signoff.queries';
import { SupervisorLinksService } from './supervisor-links.service';

/** Every hour: the supervisors' +2 and +5 day reminders of unsigned weeks. */
export const SUPERVISOR_REMINDER_JOB = 'supervisor-week-reminders';
export const SUPERVISOR_REMINDER_CRON = '20 * * * *';

type Reminder = 'first' | 'second' | 'resent' | null;

/**
 * The host supervisor's sign-off of a submitted logbook week, without an account: each submission
 * mails the placement's supervisor a link (SupervisorLinksService) through which they read the
 * week and approve it or return it with a comment, once; the decision is an append-only event with
 * the supervisor's name and moves the week, in one transaction, and the trainee is mailed. Unsigned weeks are reminded at +2
 * and +5 days and, from 7 days, listed for the trainee's coach and the cohort's admins, who can
 * revoke the link and mail a fresh one.
 */
@Injectable()
export class SupervisorSignoffService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(SupervisorLinksService) private readonly links: SupervisorLinksService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(TimelineService) private readonly timeline: TimelineService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(JobsService) jobs: JobsService,
  ) {
    jobs.define({
      name: SUPERVISOR_REMINDER_JOB,
      cron: SUPERVISOR_REMINDER_CRON,
      queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
      handler: () => this.remind(),
    });
  }

  /** A week was submitted (in the caller's transaction): a new link for it is mailed to the supervisor. */
  async weekSubmitted(tx: EntityManager, weekId: string, placementId: string): Promise<void> {
    const week = (await sql.linkedWeek(tx, weekId, placementId, false))!;
    const { id, token } = await this.links.issue(placementId, 'WEEK', weekId, tx);
    await this.mailLink(tx, week, id, token, null);
  }

  /** The week a supervisor's link opens (the view is logged). */
  async read(token: string, ip: string, now = new Date()): Promise<SupervisorWeekResponse> {
    const link = await this.links.open(token, 'WEEK', ip, this.db, now);
    const week = await sql.linkedWeek(this.db, link.subject_id, link.placement_id, false);
    if (!week) throw new NotFoundException(SUPERVISOR_LINK_MESSAGES.notFound);
    return { data: await this.view(this.db, week, link.expires_at, true) };
  }

  /**
   * Approves or returns the week through the link, once: the event (by the supervisor's name) and
   * the week's new state in one transaction, the link spent. Returning needs a comment (a 422, not
   * counted as a wrong link).
   */
  decide(body: SupervisorDecision, ip: string, now = new Date()): Promise<SupervisorWeekResponse & { message: string }> {
    const comment = body.comment.trim();
    if (body.decision === 'RETURN' && isBlankText(comment))
      throw new UnprocessableEntityException(SUPERVISOR_LINK_MESSAGES.commentRequired);
    return this.db.transaction(async (tx) => {
      const link = await this.links.open(body.token, 'WEEK', ip, tx, now);
      const week = await sql.linkedWeek(tx, link.subject_id, link.placement_id, true);
      if (!week) throw new NotFoundException(SUPERVISOR_LINK_MESSAGES.notFound);
      if (week.status !== 'SUBMITTED') throw new ConflictException(SUPERVISOR_LINK_MESSAGES.notSubmitted);
      const approved = body.decision === 'APPROVE';
      await recordEvent(tx, week.week_id, approved ? 'APPROVED' : 'RETURNED', {
        kind: approved ? 'APPROVED' : 'RETURNED',
        by_user_id: null,
        by_name: week.supervisor_name,
        comment,
      });
      await this.links.markUsed(link.id, tx, now);
      // The trainee hears of it at once: a signed week is done, a returned one waits for them.
      await this.mail.queue(tx, {
        template: 'logbook-decision',
        to: week.trainee_email,
        subjectId: `logbook-decision:${link.id}`,
        props: {
          firstName: week.trainee_first_name,
          supervisorName: week.supervisor_name,
          week: week.week_number,
          approved,
          comment,
          url: `${this.mail.learnOrigin}/student/placements/${encodeURIComponent(week.placement_id_slug)}/logbook/${week.week_number}`,
        },
      });
      const data = await this.view(tx, { ...week, status: approved ? 'APPROVED' : 'RETURNED' }, link.expires_at, false);
      return {
        data,
        message: approved
          ? `Week ${week.week_number} is signed. Thank you.`
          : `Week ${week.week_number} was returned to ${week.trainee_name}.`,
      };
    });
  }

  /** Mails the due +2 and +5 day reminders, each at most once per link (the job; `now` for tests). */
  async remind(now = new Date()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await sql.claimReminders(tx, now);
      if (!due.length) return 0;
      const weeks = new Map(
        (
          await sql.weeksById(
            tx,
            due.map((d) => d.subject_id),
          )
        ).map((w) => [w.week_id, w]),
      );
      const dates = await this.datesOf(tx, [...weeks.values()]);
      for (const d of due) {
        const week = weeks.get(d.subject_id)!;
        await this.mailLink(tx, week, d.id, this.links.tokenOf(d.token_salt), d.stage === 1 ? 'first' : 'second', dates, d.expires_at);
      }
      return due.length;
    });
  }

  /** The coach's queue: weeks of their trainees unsigned 7 days after submission, oldest first. */
  async coachQueue(me: AuthUser, now = new Date()): Promise<UnsignedWeeksResponse> {
    return { data: (await sql.unsignedWeeks(this.db, now, { coachId: me.id })) as UnsignedWeeksResponse['data'] };
  }

  /** The same for a cohort, for admins (the cohort's Placements tab). */
  async cohortQueue(cohortSlug: string, now = new Date()): Promise<UnsignedWeeksResponse> {
    return { data: (await sql.unsignedWeeks(this.db, now, { cohortSlug })) as UnsignedWeeksResponse['data'] };
  }

  /** Revokes the week's link and mails the supervisor a fresh one (an admin, or the trainee's coach). */
  resend(me: AuthUser, placementSlug: string, week: number): Promise<{ message: string }> {
    return this.db.transaction(async (tx) => {
      const w = await this.staffWeek(tx, me, placementSlug, week);
      if (w.status !== 'SUBMITTED') throw new ConflictException(SUPERVISOR_LINK_MESSAGES.notSubmitted);
      const { id, token } = await this.links.issue(w.placement_id, 'WEEK', w.week_id, tx);
      await this.mailLink(tx, w, id, token, 'resent');
      return { message: RESEND_WEEK_LINK_MESSAGE };
    });
  }

  /** Revokes the week's working link without a new one (sent to the wrong person, say). */
  revoke(me: AuthUser, placementSlug: string, week: number): Promise<{ message: string }> {
    return this.db.transaction(async (tx) => {
      const w = await this.staffWeek(tx, me, placementSlug, week);
      if (!(await this.links.revoke('WEEK', w.week_id, tx))) throw new ConflictException(SUPERVISOR_LINK_MESSAGES.noLiveLink);
      return { message: 'The link no longer works.' };
    });
  }

  private async staffWeek(tx: Sql, me: AuthUser, placementSlug: string, week: number) {
    const w = await sql.staffWeek(tx, placementSlug, week, { id: me.id, admin: me.role === 'ADMIN' });
    if (!w) throw new NotFoundException(LOGBOOK_MESSAGES.weekNotFound);
    return w;
  }

  /** What the supervisor sees: the trainee, host, the week's dates, days, hours against target and events. */
  private async view(q: Sql, week: sql.WeekContext, expiresAt: Date, open: boolean) {
    const dates = (await this.datesOf(q, [week])).get(week.week_id)!;
    const detail = await weekDetail(q, week.placement_id, week.week_number);
    const days = detail?.days ?? [];
    return {
      trainee_name: week.trainee_name,
      host_name: week.host_name,
      site: week.site,
      supervisor_name: week.supervisor_name,
      week: week.week_number,
      starts_on: dates.starts_on,
      ends_on: dates.ends_on,
      status: week.status,
      hours: days.reduce((n, d) => n + d.hours, 0),
      weekly_hours_target: week.weekly_hours_target,
      days,
      files: shownFiles(this.storage, detail?.files ?? []),
      events: detail?.events ?? [],
      expires_at: new Date(expiresAt).toISOString(),
      open: open && week.status === 'SUBMITTED',
    };
  }

  /** Each week's dates, from the timeline's OJT window of its trainee (one look-up for all their cohorts). */
  private async datesOf(q: Sql, weeks: sql.WeekContext[]) {
    const windows = await this.timeline.phaseWindows(q, [...new Set(weeks.map((w) => w.cohort_id))], 'OJT');
    const out = new Map<string, { starts_on: string; ends_on: string }>();
    for (const w of weeks) {
      const win = windows.get(w.cohort_id)!;
      const own = win.students.get(w.user_id) ?? win.cohort;
      const found = placementWeeks(own.start, own.end).find((x) => x.week === w.week_number);
      out.set(w.week_id, found ?? { starts_on: own.start, ends_on: own.end });
    }
    return out;
  }

  private async mailLink(
    tx: EntityManager,
    week: sql.WeekContext,
    linkId: string,
    token: string,
    reminder: Reminder,
    dates?: Map<string, { starts_on: string; ends_on: string }>,
    expiresAt?: Date,
  ) {
    const d = (dates ?? (await this.datesOf(tx, [week]))).get(week.week_id)!;
    const expires = expiresAt ?? (await sql.linkExpiry(tx, linkId));
    await this.mail.queue(tx, {
      template: 'supervisor-week',
      to: week.supervisor_email,
      subjectId: `supervisor-week:${linkId}:${reminder ?? 'new'}`,
      props: {
        supervisorName: week.supervisor_name,
        traineeName: week.trainee_name,
        hostName: week.host_name,
        week: week.week_number,
        dates: `${dayText(d.starts_on)} to ${dayText(d.ends_on)}`,
        hours: week.hours,
        target: week.weekly_hours_target,
        expires: deadlineText(expires),
        url: `${this.mail.webOrigin}/supervisor/week?token=${token}`,
        reminder,
      },
    });
  }
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { getInitiative } from '@school/catalogue/data';
import { DataSource } from 'typeorm';
import { deadlineText } from '../../common/school-time';
import { tokenHash } from '../../common/token-hash';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import type { PanelChange } from '../../platform/mail/templates/admission-updates';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { AppConfig } from '../../config/app-config';
import * as links from './applicant-link.queries';
import * as reviews from './review.queries';
import { interviewCalendar } from './interview-calendar';
import * as sql from './interviews.queries';

export const INTERVIEW_MAIL_JOB = 'admission-interview-mail';
/** Tells a panel member what happened to a slot that lists (or listed) them. */
export const PANEL_MAIL_JOB = 'admission-interview-panel-mail';
export interface PanelMailJob {
  user_id: string;
  slot: string;
  assigned_by: string;
  starts_at: string;
  place: string;
  /** Absent in jobs queued before changes were told: a new panel. */
  change?: PanelChange;
  /** One message per (slot, member, change, seq); ASSIGNED goes once per slot and member. */
  seq?: string;
  was?: string;
  reason?: string;
}
export const INTERVIEW_REMINDERS_JOB = 'admission-interview-reminders';
/** Every 15 minutes: a reminder goes between 24 hours and 23 h 45 before the interview, as deadline reminders do. */
export const INTERVIEW_REMINDERS_CRON = '*/15 * * * *';

/**
 * An interview message: BOOKED (or moved by the applicant), CHANGED (the school changed the slot) and
 * REMINDER carry the invitation; CANCELLED (by the applicant) and SLOT_CANCELLED (by the school, with
 * its reason) its withdrawal.
 */
export interface InterviewMailJob {
  application_id: string;
  kind: 'BOOKED' | 'CHANGED' | 'REMINDER' | 'CANCELLED' | 'SLOT_CANCELLED';
  /** One message per (kind, seq): each change of a booking is mailed. */
  seq: string;
  /** A cancellation: the booking is gone, so the job carries the slot it was for. */
  slot?: { starts_at: string; duration_minutes: number; place: string; meeting_link: string; sequence: number };
  /** SLOT_CANCELLED: why the school cancelled it. */
  reason?: string;
}

const TEMPLATES = {
  BOOKED: 'admission-interview-booked',
  CHANGED: 'admission-interview-changed',
  REMINDER: 'admission-interview-reminder',
  CANCELLED: 'admission-interview-cancelled',
  SLOT_CANCELLED: 'admission-interview-slot-cancelled',
} as const;

export const CHANGE_MS = 24 * 3600_000;

/**
 * The interviews' mail: each booking change and the day-before reminder (a recurring job) to the
 * applicant with the calendar invitation, and each panel member told of a slot that lists them.
 */
@Injectable()
export class InterviewMailService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
  ) {
    jobs.define<InterviewMailJob>({ name: INTERVIEW_MAIL_JOB, queue: mailRetryQueue(config), handler: (data) => this.sendMail(data) });
    jobs.define<PanelMailJob>({ name: PANEL_MAIL_JOB, queue: mailRetryQueue(config), handler: (data) => this.sendPanelMail(data) });
    jobs.define({
      name: INTERVIEW_REMINDERS_JOB,
      cron: INTERVIEW_REMINDERS_CRON,
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.sendReminders(),
    });
  }

  /** The panel job: one message per panel member and change of the slot. */
  async sendPanelMail(job: PanelMailJob): Promise<void> {
    const facts = await reviews.reviewerMailFacts(this.db, job.user_id, job.assigned_by);
    if (!facts) return;
    const change = job.change ?? 'ASSIGNED';
    await this.mail.deliver({
      template: 'admission-interview-panel',
      to: facts.email,
      subjectId:
        change === 'ASSIGNED'
          ? `interview-panel:${job.slot}:${job.user_id}`
          : `interview-panel:${job.slot}:${job.user_id}:${change}:${job.seq}`,
      props: {
        change,
        was: job.was ? deadlineText(new Date(job.was)) : '',
        reason: job.reason ?? '',
        name: facts.first_name,
        assignedBy: facts.by_name || 'An admin',
        when: deadlineText(new Date(job.starts_at)),
        place: job.place,
        interviewsUrl: `${this.mail.adminOrigin}/admin/interviews`,
      },
    });
  }

  /** The recurring job: claims the reminders due (each booking once per slot start) and queues them; answers how many. */
  async sendReminders(): Promise<number> {
    return this.db.transaction(async (m) => {
      const due = await sql.claimDueInterviewReminders(m);
      const seq = String(Date.now());
      await this.jobs.sendMany(
        m,
        INTERVIEW_MAIL_JOB,
        due.map((d) => ({ data: { application_id: d.application_id, kind: 'REMINDER', seq } satisfies InterviewMailJob })),
      );
      return due.length;
    });
  }

  /** The mail job: a fresh private link (only its hash stored), the message and the calendar invitation (ICS). */
  async sendMail(job: InterviewMailJob): Promise<void> {
    const app = await links.mailFacts(this.db, job.application_id);
    if (!app) return;
    const cancelled = job.kind === 'CANCELLED' || job.kind === 'SLOT_CANCELLED';
    const booked = cancelled ? undefined : await sql.interviewMailFacts(this.db, job.application_id);
    const slot = job.slot ?? (booked && { ...booked, starts_at: booked.starts_at.toISOString() });
    // A booking cancelled (or moved) since: the message of its own change says what holds now.
    if (!slot) return;
    const token = randomBytes(32).toString('base64url');
    await links.saveToken(this.db, job.application_id, tokenHash(token));
    const statusUrl = `${this.mail.webOrigin}/applications/${app.id_slug}?token=${token}`;
    const programme = getInitiative(app.intake)?.title ?? app.intake;
    const startsAt = new Date(slot.starts_at);
    const ics = interviewCalendar({
      uid: `interview-${app.id_slug}@${new URL(this.mail.webOrigin).hostname}`,
      sequence: slot.sequence,
      startsAt,
      durationMinutes: slot.duration_minutes,
      programme,
      place: slot.place,
      meetingLink: slot.meeting_link,
      statusUrl,
      cancelled,
    });
    await this.mail.deliver({
      template: TEMPLATES[job.kind],
      to: app.email,
      subjectId: `interview:${app.id_slug}:${job.kind}:${job.seq}`,
      props: {
        reason: job.reason ?? '',
        name: app.full_name,
        programme,
        statusUrl,
        when: deadlineText(startsAt),
        durationMinutes: slot.duration_minutes,
        place: slot.place,
        meetingLink: slot.meeting_link,
        changeUntil: deadlineText(new Date(startsAt.getTime() - CHANGE_MS)),
      },
      attachments: [
        {
          filename: 'invitation.ics',
          contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
          content: ics,
        },
      ],
    });
  }
}

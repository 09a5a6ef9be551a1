import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_LINK_INVALID_MESSAGE,
  type ApplicantInterview,
  type ApplicantInterviewResponse,
  BOOKING_LOCKED_MESSAGE,
  DECLARE_FIRST_MESSAGE,
  INTERVIEW_BOOKED_MESSAGE,
  INTERVIEW_CANCELLED_MESSAGE,
  INTERVIEW_POINTS_MESSAGE,
  INTERVIEW_SCORE_EVERY_CRITERION_MESSAGE,
  INTERVIEW_STAGE_MESSAGE,
  type InterviewDetail,
  type InterviewScore,
  type MyInterviewsResponse,
  NO_BOOKING_MESSAGE,
  NO_INTERVIEW_RUBRIC_MESSAGE,
  NO_SHOW_ALREADY_MESSAGE,
  NO_SHOW_EARLY_MESSAGE,
  NO_SHOW_SCORED_MESSAGE,
  NOT_BOOKED_MESSAGE,
  NOT_INTERVIEWING_MESSAGE,
  NOT_ON_PANEL_MESSAGE,
  SLOT_CLOSED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_UNKNOWN_MESSAGE,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { deadlineText } from '../../common/school-time';
import { tokenHash } from '../../common/token-hash';
import { JobsService } from '../../platform/jobs/jobs.service';
import * as admissions from './admissions.queries';
import * as links from './applicant-link.queries';
import * as sql from './interviews.queries';
import { CHANGE_MS, INTERVIEW_MAIL_JOB, type InterviewMailJob } from './interview-mail.service';

const notFound = () => new NotFoundException('Application not found');
const linkNotFound = () => new NotFoundException(APPLICATION_LINK_INVALID_MESSAGE);
const bad = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/**
 * Interviews, the stage between shortlist and offer: admins publish an intake's slots with a
 * panel of staff and define its interview rubric; a shortlisted applicant books one slot through
 * their private link (changeable or cancellable until 24 hours before), is mailed the calendar
 * invitation and reminded the day before; the panel scores on the rubric and a panel member or
 * an admin records a no-show. Every booking change and no-show is on the application's timeline,
 * every staff read of an interview in its audit log of views; mail is queued in the transaction
 * (and sent by InterviewMailService).
 */
@Injectable()
export class InterviewsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  // ---- staff: the panel's interviews, scores, no-shows -------------------------------------------

  async myInterviews(me: AuthUser): Promise<MyInterviewsResponse> {
    const slots = await sql.myInterviews(this.db, me.id);
    return { data: slots.map((s) => ({ ...s, starts_at_text: deadlineText(s.starts_at) })) };
  }

  /**
   * An application's interview for an admin (every score) or a member of its booked slot's panel
   * (their own score); anyone else gets the 404 of an unknown application. The read is audited.
   */
  async detail(me: AuthUser, idSlug: string): Promise<{ data: InterviewDetail }> {
    const row = await this.readable(this.db, me, idSlug);
    await admissions.recordView(this.db, row.id, me.id, 'admissionsInterview');
    return { data: this.shape(me, row) };
  }

  /**
   * The interview for an admin, or for a member of its booked slot's panel (one who declared a
   * conflict with the applicant is no longer on it: 404) once they have declared no conflict (403 before).
   */
  private async readable(q: DataSource | EntityManager, me: AuthUser, idSlug: string) {
    const row = await sql.interview(q, idSlug);
    if (!row) throw notFound();
    if (me.role === 'ADMIN') return row;
    if (!row.booking?.panel_ids.includes(me.id)) throw notFound();
    if (!row.booking.declared_ids.includes(me.id)) throw new ForbiddenException(DECLARE_FIRST_MESSAGE);
    return row;
  }

  private shape(me: AuthUser, row: sql.InterviewRow): InterviewDetail {
    const onPanel = row.booking?.panel_ids.includes(me.id) ?? false;
    const declared = onPanel && row.booking!.declared_ids.includes(me.id);
    const rubric = row.rubric ?? [];
    const b = row.booking;
    return {
      application: { id_slug: row.id_slug, full_name: row.full_name, intake: row.intake, course: row.course, status: row.status },
      booking: b && {
        slot: { ...b.slot, starts_at_text: deadlineText(b.slot.starts_at) },
        booked_at: b.booked_at,
        no_show_at: b.no_show_at,
        no_show_by: b.no_show_by,
      },
      rubric,
      max_total: rubric.reduce((n, c) => n + c.max_points, 0),
      scores: row.scores
        .filter((s) => me.role === 'ADMIN' || s.interviewer_id === me.id)
        .map((s) => ({
          interviewer: s.interviewer,
          scores: s.scores,
          total: s.total,
          comment: s.comment,
          submitted_at: s.submitted_at,
        })),
      on_panel: onPanel,
      declared,
      can_score: onPanel && declared && row.status === 'SHORTLISTED' && b !== null && b.no_show_at === null && rubric.length > 0,
    };
  }

  /** A panel member scores the applicant: points 0..max for every criterion of the intake's interview rubric. */
  async score(me: AuthUser, idSlug: string, body: InterviewScore): Promise<{ data: InterviewDetail }> {
    await this.db.transaction(async (m) => {
      const row = await this.readable(m, me, idSlug);
      if (!row.booking) throw new ConflictException(NOT_BOOKED_MESSAGE);
      if (!row.booking.panel_ids.includes(me.id)) throw new ForbiddenException(NOT_ON_PANEL_MESSAGE);
      // An admin on the panel declares too before scoring, as every member does.
      if (!row.booking.declared_ids.includes(me.id)) throw new ForbiddenException(DECLARE_FIRST_MESSAGE);
      if (row.status !== 'SHORTLISTED') throw new ConflictException(INTERVIEW_STAGE_MESSAGE);
      if (row.booking.no_show_at) throw new ConflictException(NO_SHOW_SCORED_MESSAGE);
      const rubric = await sql.lockInterviewRubric(m, row.intake);
      if (!rubric) throw new ConflictException(NO_INTERVIEW_RUBRIC_MESSAGE);
      const ids = rubric.criteria.map((c) => c.id);
      const given = Object.keys(body.scores);
      if (given.length !== ids.length || !ids.every((id) => id in body.scores))
        throw bad('scores', INTERVIEW_SCORE_EVERY_CRITERION_MESSAGE);
      const over = rubric.criteria.find((c) => body.scores[c.id] > c.max_points);
      if (over)
        throw new BadRequestException({
          message: INTERVIEW_POINTS_MESSAGE,
          errors: { [`scores.${over.id}`]: `${over.title}: at most ${over.max_points} points` },
        });
      const total = ids.reduce((n, id) => n + body.scores[id], 0);
      await sql.saveInterviewScore(m, row.id, me.id, body.scores, total, body.comment);
    });
    return this.detail(me, idSlug);
  }

  /** A panel member or an admin records that the applicant did not come, once the interview's time has come (logged). */
  async noShow(me: AuthUser, idSlug: string): Promise<{ data: InterviewDetail }> {
    await this.db.transaction(async (m) => {
      const [app] = await admissions.lockApplications(m, [idSlug]);
      if (!app) throw notFound();
      const row = await this.readable(m, me, idSlug);
      if (!row.booking) throw new ConflictException(NOT_BOOKED_MESSAGE);
      if (row.status !== 'SHORTLISTED') throw new ConflictException(INTERVIEW_STAGE_MESSAGE);
      if (row.booking.no_show_at) throw new ConflictException(NO_SHOW_ALREADY_MESSAGE);
      if (new Date(row.booking.slot.starts_at).getTime() > Date.now()) throw new ConflictException(NO_SHOW_EARLY_MESSAGE);
      await sql.recordNoShow(m, row.id, me.id);
      await sql.logInterviewEvent(m, row.id, me.id, `No-show at the interview of ${deadlineText(row.booking.slot.starts_at)}`);
    });
    return this.detail(me, idSlug);
  }

  // ---- the applicant, through their private link ---------------------------------------------------

  async applicant(idSlug: string, token: string): Promise<ApplicantInterviewResponse> {
    const id = await links.applicationByLink(this.db, idSlug, tokenHash(token));
    if (!id) throw linkNotFound();
    await admissions.recordView(this.db, id, null, 'applicantInterview');
    return { data: await this.applicantView(this.db, id) };
  }

  private async applicantView(q: DataSource | EntityManager, applicationId: string): Promise<ApplicantInterview> {
    const app = await sql.applicationStage(q, applicationId);
    const booking = await sql.bookingOf(q, applicationId);
    const open = app.status === 'SHORTLISTED';
    const slots = open ? await sql.openSlots(q, app.intake) : [];
    // The internal id stays in the server.
    const view = (s: sql.ApplicantSlotRow) => ({
      id_slug: s.id_slug,
      starts_at: s.starts_at,
      starts_at_text: deadlineText(s.starts_at),
      duration_minutes: s.duration_minutes,
      place: s.place,
      meeting_link: s.meeting_link,
      full: s.full,
    });
    return {
      open,
      booking: booking
        ? {
            ...view(booking),
            change_until_text: deadlineText(booking.change_until),
            can_change: open && !booking.no_show && new Date(booking.change_until).getTime() > Date.now(),
            no_show: booking.no_show,
          }
        : null,
      slots: slots.map(view),
    };
  }

  /** Locks the application by its link; it must be on the shortlist, and a booking in place must still be changeable. */
  private async lockForBooking(m: EntityManager, idSlug: string, token: string) {
    const id = await links.applicationByLink(m, idSlug, tokenHash(token), true);
    if (!id) throw linkNotFound();
    const [app] = await admissions.lockApplications(m, [idSlug]);
    if (app.status !== 'SHORTLISTED') throw new ConflictException(NOT_INTERVIEWING_MESSAGE);
    const current = await sql.bookingOf(m, app.id);
    if (current && (current.no_show || new Date(current.starts_at).getTime() - CHANGE_MS <= Date.now()))
      throw new ConflictException(BOOKING_LOCKED_MESSAGE);
    return { app, current };
  }

  /** Books a slot or moves the booking to it: one booking per applicant, never in a full slot; mailed with the invitation. */
  async book(idSlug: string, token: string, slotIdSlug: string): Promise<ApplicantInterviewResponse> {
    const data = await this.db.transaction(async (m) => {
      const { app, current } = await this.lockForBooking(m, idSlug, token);
      const slot = await sql.lockSlot(m, slotIdSlug);
      if (!slot || slot.intake !== app.intake) throw bad('slot_id', SLOT_UNKNOWN_MESSAGE);
      if (current?.id_slug === slotIdSlug) return this.applicantView(m, app.id);
      if (!slot.bookable) throw new ConflictException({ message: SLOT_CLOSED_MESSAGE, errors: { slot_id: SLOT_CLOSED_MESSAGE } });
      if (slot.taken >= slot.capacity) throw new ConflictException({ message: SLOT_FULL_MESSAGE, errors: { slot_id: SLOT_FULL_MESSAGE } });
      await sql.book(m, app.id, slot.id);
      const when = deadlineText(slot.starts_at);
      await sql.logInterviewEvent(
        m,
        app.id,
        null,
        current ? `Interview moved to ${when} by the applicant` : `Interview booked for ${when} by the applicant`,
      );
      await this.queueMail(m, { application_id: app.id, kind: 'BOOKED', seq: String(Date.now()) });
      return this.applicantView(m, app.id);
    });
    return { data, message: INTERVIEW_BOOKED_MESSAGE };
  }

  /** Cancels the booking (until 24 hours before); the applicant is mailed the invitation's withdrawal. */
  async cancel(idSlug: string, token: string): Promise<ApplicantInterviewResponse> {
    const data = await this.db.transaction(async (m) => {
      const { app, current } = await this.lockForBooking(m, idSlug, token);
      if (!current) throw new ConflictException(NO_BOOKING_MESSAGE);
      await sql.cancelBooking(m, app.id);
      await sql.logInterviewEvent(m, app.id, null, `Interview of ${deadlineText(current.starts_at)} cancelled by the applicant`);
      await this.queueMail(m, {
        application_id: app.id,
        kind: 'CANCELLED',
        seq: String(Date.now()),
        slot: {
          starts_at: current.starts_at,
          duration_minutes: current.duration_minutes,
          place: current.place,
          meeting_link: current.meeting_link,
          sequence: current.sequence + 1,
        },
      });
      return this.applicantView(m, app.id);
    });
    return { data, message: INTERVIEW_CANCELLED_MESSAGE };
  }

  // ---- mail ---------------------------------------------------------------------------------------

  private queueMail(m: EntityManager, job: InterviewMailJob) {
    return this.jobs.send(m, INTERVIEW_MAIL_JOB, job);
  }
}

import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CreateInterviewSlot,
  INTERVIEW_RUBRIC_FIXED_MESSAGE,
  type InterviewRubric,
  type InterviewRubricResponse,
  type InterviewSlot,
  PANEL_STAFF_MESSAGE,
  SLOT_CAPACITY_BOOKED_MESSAGE,
  SLOT_BOOKED_MESSAGE,
  SLOT_FUTURE_MESSAGE,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { deadlineText } from '../../common/school-time';
import { JobsService } from '../../platform/jobs/jobs.service';
import type { PanelChange } from '../../platform/mail/templates/admission-updates';
import * as reviews from './review.queries';
import * as sql from './interviews.queries';
import { INTERVIEW_MAIL_JOB, type InterviewMailJob, PANEL_MAIL_JOB, type PanelMailJob } from './interview-mail.service';

const SLOT_NOT_FOUND_MESSAGE = 'Interview slot not found';
const bad = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/**
 * Interview slots and the rubric, for admins: publish a slot with its panel (each member told),
 * change it (applicants who booked get the updated invitation), cancel it (their bookings are
 * released and they are told why) or remove one nobody booked; define the intake's interview rubric.
 */
@Injectable()
export class InterviewSlotsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  async slots(intake: string): Promise<{ data: InterviewSlot[] }> {
    const slots = await sql.intakeSlots(this.db, intake);
    return { data: slots.map((s) => ({ ...s, starts_at_text: deadlineText(s.starts_at) })) };
  }

  async createSlot(me: AuthUser, intake: string, body: CreateInterviewSlot): Promise<{ data: InterviewSlot }> {
    if (new Date(body.starts_at).getTime() <= Date.now()) throw bad('starts_at', SLOT_FUTURE_MESSAGE);
    const idSlug = await this.db.transaction(async (m) => {
      const panel = await reviews.staffByIdSlugs(m, body.panel_ids);
      if (panel.length !== body.panel_ids.length) throw bad('panel_ids', PANEL_STAFF_MESSAGE);
      const startsAt = new Date(body.starts_at).toISOString();
      const slot = await sql.createSlot(
        m,
        { ...body, intake, starts_at: startsAt },
        panel.map((p) => p.id),
        me.id,
      );
      // Each panel member is told, in the transaction that puts them on the panel.
      await this.jobs.sendMany(
        m,
        PANEL_MAIL_JOB,
        panel.map((p) => ({
          data: {
            user_id: p.id,
            slot,
            assigned_by: me.id,
            starts_at: startsAt,
            place: body.place ?? '',
            change: 'ASSIGNED',
          } satisfies PanelMailJob,
        })),
      );
      return slot;
    });
    const { data } = await this.slots(intake);
    return { data: data.find((s) => s.id_slug === idSlug)! };
  }

  /**
   * Changes a slot. Its places never go below its bookings. When its moment, length, place or link
   * changed, each applicant who booked it is mailed the updated invitation (same event, next
   * sequence: their calendar moves it) and the change is on their timeline; each panel member is told
   * what changed for them (put on it, taken off it, or moved).
   */
  async updateSlot(me: AuthUser, idSlug: string, body: CreateInterviewSlot): Promise<{ data: InterviewSlot }> {
    if (new Date(body.starts_at).getTime() <= Date.now()) throw bad('starts_at', SLOT_FUTURE_MESSAGE);
    const intake = await this.db.transaction(async (m) => {
      const slot = await sql.lockSlotForChange(m, idSlug);
      if (!slot) throw new NotFoundException(SLOT_NOT_FOUND_MESSAGE);
      if (body.capacity < slot.bookings.length) throw bad('capacity', SLOT_CAPACITY_BOOKED_MESSAGE(slot.bookings.length));
      const panel = await reviews.staffByIdSlugs(m, body.panel_ids);
      if (panel.length !== body.panel_ids.length) throw bad('panel_ids', PANEL_STAFF_MESSAGE);
      const startsAt = new Date(body.starts_at).toISOString();
      const place = body.place ?? '';
      const link = body.meeting_link ?? '';
      const rescheduled =
        Date.parse(slot.starts_at) !== Date.parse(startsAt) ||
        slot.duration_minutes !== body.duration_minutes ||
        slot.place !== place ||
        slot.meeting_link !== link;
      await sql.updateSlot(
        m,
        slot.id,
        { starts_at: startsAt, duration_minutes: body.duration_minutes, place, meeting_link: link, capacity: body.capacity },
        panel.map((p) => p.id),
        rescheduled,
      );
      if (rescheduled) {
        const seq = String(Date.now());
        for (const b of slot.bookings) {
          await sql.logInterviewEvent(m, b.application_id, me.id, `Interview changed by the school: now ${deadlineText(startsAt)}`);
          await this.queueMail(m, { application_id: b.application_id, kind: 'CHANGED', seq });
        }
      }
      // New members are told they are on it, members taken off that they are not, and those who
      // stay that it moved (when it did).
      const seq = String(Date.now());
      const ids = panel.map((p) => p.id);
      const told = (userId: string, change: PanelChange, at: string, where: string) => ({
        data: {
          user_id: userId,
          slot: idSlug,
          assigned_by: me.id,
          starts_at: at,
          place: where,
          change,
          seq,
          was: slot.starts_at,
        } satisfies PanelMailJob,
      });
      await this.jobs.sendMany(m, PANEL_MAIL_JOB, [
        ...ids.filter((id) => !slot.panel_ids.includes(id)).map((id) => told(id, 'ASSIGNED', startsAt, place)),
        ...slot.panel_ids.filter((id) => !ids.includes(id)).map((id) => told(id, 'REMOVED', slot.starts_at, slot.place)),
        ...(rescheduled ? ids.filter((id) => slot.panel_ids.includes(id)).map((id) => told(id, 'CHANGED', startsAt, place)) : []),
      ]);
      return slot.intake;
    });
    const { data } = await this.slots(intake);
    return { data: data.find((s) => s.id_slug === idSlug)! };
  }

  /**
   * Cancels a slot: each booking is released (on the applicant's timeline with the reason) and its
   * applicant mailed the invitation's cancellation with the reason, to book another slot; its panel is told.
   */
  async cancelSlot(me: AuthUser, idSlug: string, reason: string): Promise<{ data: InterviewSlot[] }> {
    const intake = await this.db.transaction(async (m) => {
      const slot = await sql.lockSlotForChange(m, idSlug);
      if (!slot) throw new NotFoundException(SLOT_NOT_FOUND_MESSAGE);
      await sql.deleteSlot(m, slot.id);
      const seq = String(Date.now());
      for (const b of slot.bookings) {
        await sql.logInterviewEvent(
          m,
          b.application_id,
          me.id,
          `Interview of ${deadlineText(slot.starts_at)} cancelled by the school: ${reason}`,
        );
        await this.queueMail(m, {
          application_id: b.application_id,
          kind: 'SLOT_CANCELLED',
          seq,
          reason,
          slot: {
            starts_at: slot.starts_at,
            duration_minutes: slot.duration_minutes,
            place: slot.place,
            meeting_link: slot.meeting_link,
            sequence: b.sequence + 1,
          },
        });
      }
      await this.jobs.sendMany(
        m,
        PANEL_MAIL_JOB,
        slot.panel_ids.map((id) => ({
          data: {
            user_id: id,
            slot: idSlug,
            assigned_by: me.id,
            starts_at: slot.starts_at,
            place: slot.place,
            change: 'CANCELLED',
            seq,
            reason,
          } satisfies PanelMailJob,
        })),
      );
      return slot.intake;
    });
    return this.slots(intake);
  }

  async deleteSlot(idSlug: string): Promise<{ data: InterviewSlot[] }> {
    const slot = await this.db.transaction((m) => sql.deleteUnbookedSlot(m, idSlug));
    if (!slot) throw new NotFoundException(SLOT_NOT_FOUND_MESSAGE);
    if (slot.booked) throw new ConflictException(SLOT_BOOKED_MESSAGE);
    return this.slots(slot.intake);
  }

  async rubric(intake: string): Promise<InterviewRubricResponse> {
    const row = await sql.interviewRubric(this.db, intake);
    const criteria = row?.criteria ?? [];
    return {
      data: {
        intake,
        criteria,
        max_total: criteria.reduce((n, c) => n + c.max_points, 0),
        updated_at: row?.updated_at ?? null,
        scored: row?.scored ?? false,
      },
    };
  }

  /** Replaces the rubric; once an interviewer has scored, only titles may change (the scores keep their meaning). */
  async updateRubric(me: AuthUser, intake: string, body: InterviewRubric): Promise<InterviewRubricResponse> {
    await this.db.transaction(async (m) => {
      const old = await sql.lockInterviewRubric(m, intake);
      if (old && (await sql.intakeInterviewScored(m, intake))?.scored) {
        const shape = (c: { id: string; max_points: number }[]) => c.map((x) => `${x.id}:${x.max_points}`).join('|');
        if (shape(old.criteria) !== shape(body.criteria)) throw new ConflictException(INTERVIEW_RUBRIC_FIXED_MESSAGE);
      }
      await sql.saveInterviewRubric(m, intake, body.criteria, me.id);
    });
    return this.rubric(intake);
  }

  private queueMail(m: EntityManager, job: InterviewMailJob) {
    return this.jobs.send(m, INTERVIEW_MAIL_JOB, job);
  }
}

import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ATTENDANCE_THRESHOLD_PERCENT,
  ATTENDANCE_MESSAGES,
  LIVE_SESSION_MESSAGES,
  type MarkAttendance,
  type RegisterResponse,
  type LiveSession,
  type LiveSessionsResponse,
  SESSION_LINK_OPENS_MINUTES,
  SESSION_THRESHOLD_DEFAULT_PERCENT,
  type SaveLiveSession,
  type StudentLiveSessionsResponse,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { appendMark, register } from './attendance.queries';
import {
  cancelSession,
  cohortSession,
  cohortSessions,
  insertSession,
  manageableCohort,
  setFacilitators,
  studentSessions,
  teachingAmong,
  updateSession,
} from './live-sessions.queries';

/**
 * A cohort's live sessions. Admins manage every cohort's, instructors those of the cohorts they
 * teach (anyone else gets the same 404 as a missing cohort). Facilitators are staff teaching the cohort.
 */
@Injectable()
export class LiveSessionsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(me: AuthUser, cohortSlug: string): Promise<LiveSessionsResponse> {
    const data = await cohortSessions(this.db, cohortSlug, me.id, me.role === 'ADMIN');
    if (!data) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data };
  }

  create(me: AuthUser, cohortSlug: string, body: SaveLiveSession): Promise<LiveSession> {
    return this.save(me, cohortSlug, null, body);
  }

  update(me: AuthUser, cohortSlug: string, sessionSlug: string, body: SaveLiveSession): Promise<LiveSession> {
    return this.save(me, cohortSlug, sessionSlug, body);
  }

  async cancel(me: AuthUser, cohortSlug: string, sessionSlug: string): Promise<LiveSession> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    if (!(await cancelSession(this.db, cohort, sessionSlug))) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    return this.one(this.db, me, cohortSlug, sessionSlug);
  }

  /** The session's register: each trainee's latest mark. */
  async register(me: AuthUser, cohortSlug: string, sessionSlug: string): Promise<RegisterResponse> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    const r = await register(this.db, cohort, sessionSlug);
    if (!r) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    return { ended: r.ended, month_closed: r.month_closed, data: r.data };
  }

  /**
   * Marks one trainee by hand: a new entry, with the reason once the session has ended; in a closed
   * month, a correction waiting for a second staff member instead.
   */
  async mark(me: AuthUser, cohortSlug: string, sessionSlug: string, body: MarkAttendance): Promise<RegisterResponse> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    const reason = body.reason?.trim() || null;
    const r = await appendMark(this.db, cohort, sessionSlug, body.user_id_slug, body.status, reason, me.id, true);
    if (!r) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    if (r.cancelled) throw new BadRequestException({ message: ATTENDANCE_MESSAGES.cancelled });
    if (r.closed && !reason)
      throw new BadRequestException({
        message: ATTENDANCE_MESSAGES.correctionReasonRequired,
        errors: { reason: ATTENDANCE_MESSAGES.correctionReasonRequired },
      });
    if (r.closed && !r.held)
      throw new BadRequestException({ message: ATTENDANCE_MESSAGES.notTrainee, errors: { user_id_slug: ATTENDANCE_MESSAGES.notTrainee } });
    // A closed month: the change waits for a second staff member; the mark stays as it was.
    if (r.held) return { ...(await this.register(me, cohortSlug, sessionSlug)), pending_correction: r.held };
    if (!r.written && r.ended && !reason)
      throw new BadRequestException({
        message: ATTENDANCE_MESSAGES.correctionReasonRequired,
        errors: { reason: ATTENDANCE_MESSAGES.correctionReasonRequired },
      });
    if (!r.written)
      throw new BadRequestException({ message: ATTENDANCE_MESSAGES.notTrainee, errors: { user_id_slug: ATTENDANCE_MESSAGES.notTrainee } });
    return this.register(me, cohortSlug, sessionSlug);
  }

  /** The student's own sessions (an admin may look too); the link only from 15 minutes before. */
  async forStudent(me: AuthUser, cohortSlug: string, userSlug: string): Promise<StudentLiveSessionsResponse> {
    const found =
      me.id_slug === userSlug || me.role === 'ADMIN'
        ? await studentSessions(this.db, cohortSlug, userSlug, SESSION_LINK_OPENS_MINUTES)
        : undefined;
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data: found.data, attendance: { ...found.attendance, threshold_percent: ATTENDANCE_THRESHOLD_PERCENT } };
  }

  /** The session and its facilitators in one transaction. */
  private save(me: AuthUser, cohortSlug: string, sessionSlug: string | null, body: SaveLiveSession): Promise<LiveSession> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohortOf(tx, me, cohortSlug);
      const wanted = [...new Set(body.facilitator_id_slugs ?? [])];
      const teaching = await teachingAmong(tx, cohort, wanted);
      if (teaching.length !== wanted.length)
        throw new BadRequestException({
          message: LIVE_SESSION_MESSAGES.facilitatorNotTeaching,
          errors: { facilitator_id_slugs: LIVE_SESSION_MESSAGES.facilitatorNotTeaching },
        });
      const fields = {
        title: body.title,
        starts_at: body.starts_at,
        duration_minutes: body.duration_minutes,
        mode: body.mode,
        meeting_url: body.meeting_url ?? null,
        place: body.place ?? null,
        mandatory: body.mandatory,
        attendance_threshold_percent: body.attendance_threshold_percent ?? SESSION_THRESHOLD_DEFAULT_PERCENT,
      };
      let id: string;
      let slug: string;
      if (sessionSlug === null) {
        ({ id, id_slug: slug } = await insertSession(tx, cohort, fields, me.id));
      } else {
        const row = await updateSession(tx, cohort, sessionSlug, fields);
        if (!row) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
        ({ id } = row);
        slug = sessionSlug;
      }
      await setFacilitators(
        tx,
        id,
        teaching.map((u) => u.id),
      );
      return this.one(tx, me, cohortSlug, slug);
    });
  }

  private async cohortOf(q: DataSource | EntityManager, me: AuthUser, cohortSlug: string): Promise<string> {
    const row = await manageableCohort(q, cohortSlug, me.id, me.role === 'ADMIN');
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.id;
  }

  private async one(q: DataSource | EntityManager, me: AuthUser, cohortSlug: string, sessionSlug: string): Promise<LiveSession> {
    const s = await cohortSession(q, cohortSlug, sessionSlug, me.id, me.role === 'ADMIN');
    if (!s) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    return s;
  }
}

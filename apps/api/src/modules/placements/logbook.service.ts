import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { jobRoles } from '@school/catalogue';
import {
  LOGBOOK_FILE_MAX_BYTES,
  LOGBOOK_MAX_FILES,
  LOGBOOK_MESSAGES,
  type LogbookResponse,
  type LogbookWeekResponse,
  PLACEMENT_MESSAGES,
  type SaveLogbookWeek,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { documentTypeOf, readUpload, storedFileName } from '../../common/upload';
import { StorageService } from '../../platform/storage/storage.service';
import { UploadSweeps } from '../../platform/storage/upload-sweeps';
import { schoolDate } from '../../common/school-calendar';
import type { Sql } from '../../common/sql/db';
import { TimelineService } from '../timeline';
import { LOGBOOK_FILE_PURPOSE, shownFiles } from './logbook-files';
import { hoursDue, placementWeeks, weekTargets } from './logbook-weeks';
import {
  attachFile,
  deleteOrphanLogbookFiles,
  deleteWeekFile,
  fileCount,
  lockedWeek,
  ownPlacement,
  recordEvent,
  replaceDays,
  weekDetail,
  weekSummaries,
} from './logbook.queries';
import { SupervisorSignoffService } from './supervisor-signoff.service';

const JOB_ROLES = new Set(jobRoles.map((r) => r.title));

/** A week the trainee may still write in: never submitted, or returned to them. */
const editable = (status: string) => status === 'DRAFT' || status === 'RETURNED';

/**
 * The trainee's weekly logbook: the placement's OJT weeks (from the timeline's window for them),
 * each day's hours, tasks, job role and evidence, saved as a draft and submitted weekly. A
 * submitted or signed week is read-only; a returned one can be changed and submitted again. Every
 * submission is an event (who, when), never edited, and mails the supervisor a link to sign the
 * week (SupervisorSignoffService). Files (PDF, JPEG, PNG) can be added to and removed from a week
 * while it can be changed. Only the trainee reaches their own logbook.
 */
@Injectable()
export class LogbookService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
    @Inject(SupervisorSignoffService) private readonly signoff: SupervisorSignoffService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(UploadSweeps) sweeps: UploadSweeps,
  ) {
    sweeps.register('logbook', () => this.sweepOrphanFiles());
  }

  async logbook(me: AuthUser, placementSlug: string): Promise<LogbookResponse> {
    const { placement, weeks } = await this.placement(this.db, me, placementSlug);
    const stored = new Map((await weekSummaries(this.db, placement.id)).map((w) => [w.week_number, w]));
    const today = schoolDate(new Date());
    const list = weeks.map((w) => ({
      ...w,
      status: stored.get(w.week)?.status ?? 'DRAFT',
      hours: stored.get(w.week)?.hours ?? 0,
      decision: stored.get(w.week)?.decision ?? null,
    }));
    return {
      data: {
        placement_id_slug: placementSlug,
        host_name: placement.host_name,
        weekly_hours_target: placement.weekly_hours_target,
        hours_logged: list.filter((w) => !editable(w.status)).reduce((n, w) => n + w.hours, 0),
        hours_due: hoursDue(weeks, today),
        weeks: list,
        breaks: placement.breaks.filter((b) => !b.withdrawn),
      },
    };
  }

  async week(me: AuthUser, placementSlug: string, week: number, q: Sql = this.db): Promise<LogbookWeekResponse> {
    const { placement, weeks } = await this.placement(q, me, placementSlug);
    const w = weeks.find((x) => x.week === week);
    if (!w) throw new NotFoundException(LOGBOOK_MESSAGES.weekNotFound);
    const found = await weekDetail(q, placement.id, week);
    const status = found?.status ?? 'DRAFT';
    const days = found?.days ?? [];
    return {
      data: {
        ...w,
        status,
        hours: days.reduce((n, d) => n + d.hours, 0),
        weekly_hours_target: placement.weekly_hours_target,
        editable: editable(status) && w.starts_on <= schoolDate(new Date()),
        days,
        files: shownFiles(this.storage, found?.files ?? []),
        events: found?.events ?? [],
      },
    };
  }

  /**
   * Attaches a file to a week the trainee can still change. The week is checked before the body is
   * read, and again under its lock with the file count; the bytes are kept and recorded in that
   * transaction, and removed again if it fails.
   */
  async addFile(me: AuthUser, placementSlug: string, week: number, req: Request, res: Response): Promise<LogbookWeekResponse> {
    await this.assertEditable(this.db, me, placementSlug, week);
    const file = await readUpload(req, res, LOGBOOK_FILE_MAX_BYTES);
    const type = documentTypeOf(file.buffer);
    if (!type) throw refuse('file', LOGBOOK_MESSAGES.fileType);
    let storageKey: string | null = null;
    try {
      return await this.db.transaction(async (tx) => {
        const row = await this.assertEditable(tx, me, placementSlug, week);
        if ((await fileCount(tx, row.id)) >= LOGBOOK_MAX_FILES)
          throw new UnprocessableEntityException({
            message: LOGBOOK_MESSAGES.tooManyFiles,
            errors: { file: LOGBOOK_MESSAGES.tooManyFiles },
          });
        const stored = await this.storage.save(
          {
            data: file.buffer,
            originalName: storedFileName(file.originalname, 'evidence'),
            contentType: type,
            purpose: LOGBOOK_FILE_PURPOSE,
            uploadedBy: me.id,
          },
          tx,
        );
        storageKey = stored.storage_key;
        await attachFile(tx, row.id, stored.id_slug);
        return this.week(me, placementSlug, week, tx);
      });
    } catch (e) {
      if (storageKey) await this.storage.removeFiles([storageKey]);
      throw e;
    }
  }

  /** Removes a file from a week the trainee can still change, and deletes its bytes once that is committed. */
  async removeFile(me: AuthUser, placementSlug: string, week: number, fileSlug: string): Promise<LogbookWeekResponse> {
    const { key, view } = await this.db.transaction(async (tx) => {
      const row = await this.assertEditable(tx, me, placementSlug, week);
      const storageKey = await deleteWeekFile(tx, row.id, fileSlug);
      if (!storageKey) throw new NotFoundException(LOGBOOK_MESSAGES.fileNotFound);
      return { key: storageKey, view: await this.week(me, placementSlug, week, tx) };
    });
    await this.storage.removeFiles([key]);
    return view;
  }

  /** Files whose week is gone (a deleted placement or cohort): rows first, then bytes. Part of the hourly upload sweep. */
  async sweepOrphanFiles(age = '1 hour'): Promise<number> {
    const keys = await deleteOrphanLogbookFiles(this.db, LOGBOOK_FILE_PURPOSE, age);
    await this.storage.removeFiles(keys);
    if (keys.length) Logger.log(`Removed ${keys.length} logbook file(s) no week holds`, 'Uploads');
    return keys.length;
  }

  /** The trainee's own week, started and still theirs to change (locked when in a transaction). */
  private async assertEditable(q: Sql, me: AuthUser, placementSlug: string, week: number) {
    const { placement, weeks } = await this.placement(q, me, placementSlug);
    this.started(weeks, week);
    const row = await lockedWeek(q, placement.id, week);
    if (!editable(row.status)) throw new ConflictException(LOGBOOK_MESSAGES.notEditable);
    return row;
  }

  save(me: AuthUser, placementSlug: string, week: number, body: SaveLogbookWeek): Promise<LogbookWeekResponse> {
    return this.db.transaction(async (tx) => {
      const { placement, weeks } = await this.placement(tx, me, placementSlug);
      const w = this.started(weeks, week);
      for (const d of body.days) {
        if (d.date < w.starts_on || d.date > w.ends_on) throw refuse('days', `${d.date}: ${LOGBOOK_MESSAGES.dayOutside}`);
        if (d.job_role && !JOB_ROLES.has(d.job_role)) throw refuse('days', `${d.date}: ${LOGBOOK_MESSAGES.jobRoleUnknown}`);
      }
      const row = await lockedWeek(tx, placement.id, week);
      if (!editable(row.status)) throw new ConflictException(LOGBOOK_MESSAGES.notEditable);
      await replaceDays(tx, row.id, body.days);
      return this.week(me, placementSlug, week, tx);
    });
  }

  submit(me: AuthUser, placementSlug: string, week: number): Promise<LogbookWeekResponse> {
    return this.db.transaction(async (tx) => {
      const { placement, weeks } = await this.placement(tx, me, placementSlug);
      this.started(weeks, week);
      const row = await lockedWeek(tx, placement.id, week);
      if (!editable(row.status)) throw new ConflictException(LOGBOOK_MESSAGES.notEditable);
      if (row.hours <= 0) throw new BadRequestException({ message: LOGBOOK_MESSAGES.nothingLogged });
      await recordEvent(tx, row.id, 'SUBMITTED', { kind: 'SUBMITTED', by_user_id: me.id, by_name: placement.trainee_name, comment: '' });
      // The supervisor signs through a link of this submission only; a resubmission mails a new one.
      await this.signoff.weekSubmitted(tx, row.id, placement.id);
      return this.week(me, placementSlug, week, tx);
    });
  }

  /** The caller's own placement and its weeks; the same 404 for someone else's and for none. */
  private async placement(q: Sql, me: AuthUser, placementSlug: string) {
    const placement = await ownPlacement(q, placementSlug, me.id);
    if (!placement) throw new NotFoundException(PLACEMENT_MESSAGES.notFound);
    const windows = (await this.timeline.phaseWindows(q, [placement.cohort_id], 'OJT')).get(placement.cohort_id)!;
    const own = windows.students.get(placement.user_id) ?? windows.cohort;
    return { placement, weeks: weekTargets(placementWeeks(own.start, own.end), placement.weekly_hours_target, placement.breaks) };
  }

  private started<W extends { week: number; starts_on: string }>(weeks: W[], week: number): W {
    const w = weeks.find((x) => x.week === week);
    if (!w) throw new NotFoundException(LOGBOOK_MESSAGES.weekNotFound);
    if (w.starts_on > schoolDate(new Date())) throw new BadRequestException({ message: LOGBOOK_MESSAGES.notStarted });
    return w;
  }
}

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

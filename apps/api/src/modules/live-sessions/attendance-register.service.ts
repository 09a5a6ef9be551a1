import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ATTENDANCE_THRESHOLD_PERCENT,
  type AttendanceCorrection,
  type AttendanceCorrectionsResponse,
  type AttendanceRegister,
  type AttendanceRegistersResponse,
  type MonthClosure,
  REGISTER_MESSAGES,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { JobsService } from '../../platform/jobs/jobs.service';
import { StorageService } from '../../platform/storage/storage.service';
import { buildRegisterPdf, monthTitle, registerCsv } from './attendance-register-document';
import {
  cohortRegisters,
  failRegister,
  finishRegister,
  insertRegister,
  type RegisterRecord,
  registerJob,
} from './attendance-register.queries';
import { monthMarks } from './attendance.queries';
import { manageableCohort } from './live-sessions.queries';
import {
  approveCorrection,
  closedMonths,
  closeMonth,
  correction,
  lockCorrection,
  monthDate,
  pendingCorrections,
  refuseCorrection,
} from './month-close.queries';

export const ATTENDANCE_REGISTER_JOB = 'attendance-register';
export const REGISTER_FILE_PURPOSE = 'attendance-register';

/**
 * Monthly attendance registers (one job writes the CSV and the PDF), closed months, and the
 * corrections a closed month holds back for a second staff member.
 */
@Injectable()
export class AttendanceRegisterService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {
    jobs.define<{ register_id: string }>({
      name: ATTENDANCE_REGISTER_JOB,
      queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 },
      handler: (data) => this.produce(data.register_id),
    });
  }

  async list(me: AuthUser, cohortSlug: string): Promise<AttendanceRegistersResponse> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    const [registers, closed] = await Promise.all([cohortRegisters(this.db, cohort), closedMonths(this.db, cohort)]);
    return { data: registers.map((r) => this.shown(r)), closed_months: closed };
  }

  /** Records the request and queues its one job in the same transaction. */
  async request(me: AuthUser, cohortSlug: string, month: string): Promise<AttendanceRegister> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohortOf(tx, me, cohortSlug);
      const { id, record } = await insertRegister(tx, cohort, monthDate(month), me.id);
      await this.jobs.send(tx, ATTENDANCE_REGISTER_JOB, { register_id: String(id) });
      return this.shown(record);
    });
  }

  /** Closes a month that has ended (admins only, by the route). */
  async close(me: AuthUser, cohortSlug: string, month: string): Promise<MonthClosure> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    const r = (await closeMonth(this.db, cohort, month, me.id))!;
    if (!r.over) throw new BadRequestException({ message: REGISTER_MESSAGES.monthNotOver });
    if (!r.closure) throw new ConflictException({ message: REGISTER_MESSAGES.alreadyClosed });
    return r.closure;
  }

  async corrections(me: AuthUser, cohortSlug: string): Promise<AttendanceCorrectionsResponse> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    return { data: await pendingCorrections(this.db, cohort, me.id) };
  }

  /**
   * Approves or refuses a pending correction, by a staff member of the cohort other than its
   * requester; approval appends the attendance entry (noting the approver) in the same transaction.
   */
  decide(me: AuthUser, cohortSlug: string, correctionSlug: string, approve: boolean): Promise<AttendanceCorrection> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohortOf(tx, me, cohortSlug);
      const c = await lockCorrection(tx, cohort, correctionSlug);
      if (!c) throw new NotFoundException(REGISTER_MESSAGES.correctionNotFound);
      if (c.requested_by !== null && String(c.requested_by) === String(me.id))
        throw new ForbiddenException({ message: REGISTER_MESSAGES.ownCorrection });
      if (c.state !== 'PENDING') throw new ConflictException({ message: REGISTER_MESSAGES.alreadyDecided });
      if (approve) await approveCorrection(tx, c.id, me.id);
      else await refuseCorrection(tx, c.id, me.id);
      return (await correction(tx, cohort, me.id, correctionSlug))!;
    });
  }

  /** The job: reads the month in one statement, writes both files, stores them and marks the register ready. */
  async produce(registerId: string): Promise<void> {
    const job = await registerJob(this.db, registerId);
    if (!job || job.state === 'READY') return;
    try {
      const month = job.month.slice(0, 7);
      const marks = (await monthMarks(this.db, job.cohort_id, job.month))!;
      const doc = {
        cohortTitle: marks.cohort_title,
        month,
        final: marks.closed,
        thresholdPercent: ATTENDANCE_THRESHOLD_PERCENT,
        preparedBy: job.prepared_by,
        preparedAt: new Date(),
        sessions: marks.sessions,
        trainees: marks.trainees,
      };
      const name = `Attendance register ${month} ${marks.cohort_title}`.replace(/[^\p{L}\p{M}\p{N} .,&()-]+/gu, ' ').trim();
      const pdf = await buildRegisterPdf(doc);
      const csv = Buffer.from(registerCsv(doc), 'utf8');
      await this.db.transaction(async (tx) => {
        const csvFile = await this.storage.save(
          { data: csv, originalName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', purpose: REGISTER_FILE_PURPOSE },
          tx,
        );
        const pdfFile = await this.storage.save(
          { data: pdf, originalName: `${name}.pdf`, contentType: 'application/pdf', purpose: REGISTER_FILE_PURPOSE },
          tx,
        );
        await finishRegister(tx, registerId, marks.closed, csvFile.id_slug, pdfFile.id_slug);
      });
    } catch (e) {
      await failRegister(this.db, registerId, `${monthTitle(job.month.slice(0, 7))}: ${(e as Error).message}`).catch(() => undefined);
      throw e;
    }
  }

  private shown(r: RegisterRecord): AttendanceRegister {
    const ready = r.state === 'READY';
    return {
      id_slug: r.id_slug,
      month: r.month,
      state: r.state,
      final: r.final,
      requested_by: r.requested_by,
      requested_at: r.requested_at,
      finished_at: r.finished_at,
      error: r.error,
      csv_url: ready && r.csv_slug ? this.storage.signedUrl(r.csv_slug, { download: true }) : null,
      pdf_url: ready && r.pdf_slug ? this.storage.signedUrl(r.pdf_slug, { download: true }) : null,
    };
  }

  private async cohortOf(q: DataSource | EntityManager, me: AuthUser, cohortSlug: string): Promise<string> {
    const row = await manageableCohort(q, cohortSlug, me.id, me.role === 'ADMIN');
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.id;
  }
}

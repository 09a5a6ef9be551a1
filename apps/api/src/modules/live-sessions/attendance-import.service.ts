import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ATTENDANCE_IMPORT_MESSAGES,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_REPORT_MAX_BYTES,
  type AttendanceImportPreview,
  type AttendanceImportResult,
  CHECK_IN_LATE_MINUTES,
  type ConfirmAttendanceImport,
  type ImportRule,
  importedReason,
  importedStatus,
  LIVE_SESSION_MESSAGES,
  REPORT_PROVIDER_LABELS,
  thresholdMinutes,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { readUpload } from '../../common/upload';
import { matchPeople } from './attendance-match';
import { type NewMark, appendMarks, importTarget, register } from './attendance.queries';
import { parseReport, ReportError } from './attendance-report';
import { manageableCohort } from './live-sessions.queries';

type Target = NonNullable<Awaited<ReturnType<typeof importTarget>>>;

/**
 * Importing an online session's participant report (Zoom, Google Meet or Microsoft Teams): a
 * preview matches each person of the report to a trainee and writes nothing; the facilitator
 * resolves the rest and confirms, and the marks the session's rule gives are written in one
 * transaction through the register's own writer, each a new entry with the report as its reason;
 * in a closed month that writer holds each of them as a pending correction for a second staff member.
 * Staff managing the cohort only, as for the register.
 */
@Injectable()
export class AttendanceImportService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async preview(me: AuthUser, cohortSlug: string, sessionSlug: string, req: Request, res: Response): Promise<AttendanceImportPreview> {
    const cohort = await this.cohortOf(this.db, me, cohortSlug);
    const target = this.importable(await importTarget(this.db, cohort, sessionSlug, false));
    const file = await readUpload(req, res, ATTENDANCE_REPORT_MAX_BYTES);
    let parsed;
    try {
      parsed = parseReport(file.buffer, new Date(target.starts_at));
    } catch (e) {
      if (!(e instanceof ReportError)) throw e;
      throw new BadRequestException({ message: e.message, errors: { file: e.message } });
    }
    return {
      provider: parsed.provider,
      provider_label: REPORT_PROVIDER_LABELS[parsed.provider],
      rule: ruleOf(target),
      rows: matchPeople(parsed.people, target.trainees),
      trainees: target.trainees.map(({ email: _email, ...t }) => t),
    };
  }

  /**
   * Writes the confirmed marks in one transaction (in a closed month, pending corrections instead);
   * nothing is written when any of them is refused.
   */
  confirm(me: AuthUser, cohortSlug: string, sessionSlug: string, body: ConfirmAttendanceImport): Promise<AttendanceImportResult> {
    return this.db.transaction(async (tx) => {
      const cohort = await this.cohortOf(tx, me, cohortSlug);
      const target = this.importable(await importTarget(tx, cohort, sessionSlug, true));
      const trainees = new Map(target.trainees.map((t) => [t.id_slug, t]));
      // One trainee's rows (resolved ones included) add up; their first join is the earliest.
      const totals = new Map<string, { minutes: number; first: string | null }>();
      for (const m of body.marks) {
        if (!trainees.has(m.user_id_slug))
          throw new BadRequestException({ message: ATTENDANCE_MESSAGES.notTrainee, errors: { marks: ATTENDANCE_MESSAGES.notTrainee } });
        const t = totals.get(m.user_id_slug) ?? { minutes: 0, first: null };
        const join = m.first_join_at ?? null;
        totals.set(m.user_id_slug, {
          minutes: t.minutes + m.minutes,
          first: join && (!t.first || Date.parse(join) < Date.parse(t.first)) ? new Date(join).toISOString() : t.first,
        });
      }
      const rule = ruleOf(target);
      const replace = new Set(body.replace_user_id_slugs ?? []);
      const reason = importedReason(body.provider);
      const writes: NewMark[] = [];
      const skipped: AttendanceImportResult['skipped'] = [];
      let unchanged = 0;
      for (const [slug, total] of totals) {
        const t = trainees.get(slug)!;
        const status = importedStatus(total.minutes, total.first, rule);
        if (t.protected && !replace.has(slug))
          skipped.push({ id_slug: slug, name: `${t.first_name} ${t.last_name}`.trim(), reason: t.protected });
        else if (t.current_status === status) unchanged++;
        else writes.push({ user_id_slug: slug, status, reason });
      }
      // In a closed month the same writer holds each mark as a pending correction instead.
      const r = writes.length
        ? await appendMarks(tx, cohort, sessionSlug, writes, 'IMPORT', me.id, true)
        : { written: [] as string[], held: [] as string[] };
      // The trainees were read under the session's lock: a shortfall means the cohort changed meanwhile.
      if (!r || r.written.length + r.held.length !== writes.length) throw new ConflictException(ATTENDANCE_MESSAGES.notTrainee);
      const reg = (await register(tx, cohort, sessionSlug))!;
      return {
        imported: r.written.length,
        held: r.held.length,
        unchanged,
        skipped,
        register: { ended: reg.ended, month_closed: reg.month_closed, data: reg.data },
      };
    });
  }

  /** The session's state allows an import: not cancelled, online, ended. */
  private importable(t: Target | undefined): Target {
    if (!t) throw new NotFoundException(LIVE_SESSION_MESSAGES.notFound);
    const refuse = (message: string) => new BadRequestException({ message });
    if (t.cancelled) throw refuse(ATTENDANCE_MESSAGES.cancelled);
    if (!t.online) throw refuse(ATTENDANCE_IMPORT_MESSAGES.onlineOnly);
    if (!t.ended) throw refuse(ATTENDANCE_IMPORT_MESSAGES.notEnded);
    return t;
  }

  private async cohortOf(q: DataSource | EntityManager, me: AuthUser, cohortSlug: string): Promise<string> {
    const row = await manageableCohort(q, cohortSlug, me.id, me.role === 'ADMIN');
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.id;
  }
}

function ruleOf(t: Target): ImportRule {
  return {
    starts_at: t.starts_at,
    duration_minutes: t.duration_minutes,
    threshold_percent: t.threshold_percent,
    threshold_minutes: thresholdMinutes(t.duration_minutes, t.threshold_percent),
    late_after_minutes: CHECK_IN_LATE_MINUTES,
  };
}

import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  ALLOWANCE_MESSAGES,
  ALLOWANCE_OUTCOME_LABELS,
  type AllowanceDispute,
  type CohortAllowanceMonth,
  DEFAULT_ALLOWANCE_RULES,
  type MyAllowance,
  type ProposeOverride,
  ringgit,
  type SaveAllowanceProgramme,
  type TraineeMonth,
} from '@school/contracts';
import type { Request, Response } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import type { BodyOf } from '../../common/route.decorator';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { documentTypeOf, readUpload, storedFileName } from '../../common/upload';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { StorageService } from '../../platform/storage/storage.service';
import { monthTitle } from '../live-sessions';
import { OpenBadgesService } from '../certificates';
import { recordAudit } from '../audit';
import { assertFinance, hasFinance, PAYMENT_DETAILS_KEY, type PaymentKey, paymentDetailsOf } from '../finance';
import { toCsv } from '../../common/csv/csv';
import { monthAdvice } from './allowance-advice';
import { buildStatementPdf } from './allowance-statement';
import * as q from './allowance.queries';

export const ALLOWANCE_DAILY_JOB = 'allowance-daily';
/** 16:30 UTC is 00:30 the next day in Malaysia: the first run of each school day. */
export const ALLOWANCE_DAILY_CRON = '30 16 * * *';
export const EXCEPTION_FILE_PURPOSE = 'allowance-exception';
const EXCEPTION_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The day of the month (Malaysia time) from which coaches are mailed the at-risk list. */
export const RISK_MAIL_DAY = 20;

const AT_RISK_FIRST = { WITHHELD: 0, PRORATED: 1, ELIGIBLE: 2 } as const;
/** The statement mail's PDF is made when the mail is sent, from `<user id>:<decision slug>`. */
const STATEMENT_SOURCE = 'allowance-statement';
const statementName = (month: string, slug: string) => `allowance-${month}-${slug}.pdf`;

/**
 * The monthly allowance: programmes and their versioned rules, each trainee's month decided into an
 * append-only ledger (by the daily job once a month has ended, or an admin), forecasts while a month
 * runs, two-person exceptions and disputes, and the trainee's statement.
 */
@Injectable()
export class AllowanceService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(OpenBadgesService) private readonly signer: OpenBadgesService,
    @Inject(PAYMENT_DETAILS_KEY) private readonly paymentKey: PaymentKey,
  ) {
    jobs.define({
      name: ALLOWANCE_DAILY_JOB,
      cron: ALLOWANCE_DAILY_CRON,
      queue: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 1800 },
      handler: () => this.daily(),
    });
    mail.provideAttachments(STATEMENT_SOURCE, async (ref) => {
      const [userId, slug] = ref.split(':');
      return (await this.statementFile(userId, slug)).file;
    });
  }

  async programmes(me: AuthUser) {
    return { data: await q.programmes(this.db, await hasFinance(this.db, me.id)) };
  }

  async programme(me: AuthUser, slug: string) {
    const p = await q.programme(this.db, slug, await hasFinance(this.db, me.id));
    if (!p) throw new NotFoundException(ALLOWANCE_MESSAGES.programmeNotFound);
    return { data: p };
  }

  /** A programme's amount is money: only finance sets it. It starts with the default rules, from this month. */
  async createProgramme(me: AuthUser, body: SaveAllowanceProgramme) {
    if (!(await hasFinance(this.db, me.id))) throw new ForbiddenException(ALLOWANCE_MESSAGES.financeOnly);
    const made = await q.insertProgramme(this.db, body.title.trim(), Math.round(body.monthly_amount * 100), DEFAULT_ALLOWANCE_RULES, me.id);
    if (!made) throw new BadRequestException({ message: ALLOWANCE_MESSAGES.titleTaken, errors: { title: ALLOWANCE_MESSAGES.titleTaken } });
    return this.programme(me, made.id_slug);
  }

  /** New rules apply from a month no cohort of the programme has had decided: a closed month never changes. */
  async addVersion(me: AuthUser, slug: string, body: BodyOf<'adminAddRuleVersion'>) {
    await this.db.transaction(async (m) => {
      const p = await q.lockProgramme(m, slug);
      if (!p) throw new NotFoundException(ALLOWANCE_MESSAGES.programmeNotFound);
      const fail = (message: string) => new BadRequestException({ message, errors: { effective_month: message } });
      if (p.last_decided && body.effective_month <= p.last_decided) throw fail(ALLOWANCE_MESSAGES.versionTooEarly);
      if (!(await q.insertVersion(m, p.id, body.effective_month, body.rules, body.note ?? '', me.id)))
        throw fail(ALLOWANCE_MESSAGES.versionExists);
    });
    return this.programme(me, slug);
  }

  async setCohortProgramme(me: AuthUser, cohortSlug: string, programmeSlug: string | null) {
    await this.db.transaction(async (m) => {
      const c = await q.lockCohortProgramme(m, cohortSlug);
      if (!c) throw new NotFoundException(COHORT_NOT_FOUND);
      if (c.has_ledger) throw new ConflictException(ALLOWANCE_MESSAGES.cohortHasLedger);
      if (!(await q.setCohortProgramme(m, c.id, programmeSlug))) throw new NotFoundException(ALLOWANCE_MESSAGES.programmeNotFound);
    });
    return this.month(me, cohortSlug, await q.currentMonth(this.db));
  }

  private async cohort(me: AuthUser, cohortSlug: string) {
    const c = await q.reachableCohort(this.db, cohortSlug, me.id, me.role === 'ADMIN');
    if (!c) throw new NotFoundException(COHORT_NOT_FOUND);
    return c;
  }

  /** A cohort's month: the ledger once decided, else the forecast so far with what would change it, at risk first. */
  async month(me: AuthUser, cohortSlug: string, month: string): Promise<{ data: CohortAllowanceMonth }> {
    const c = await this.cohort(me, cohortSlug);
    const finance = await hasFinance(this.db, me.id);
    const base = { month, programme: c.programme, finance, decided: false, run: null, may_run: false, total_sen: null, trainees: [] };
    if (!c.programme) return { data: base };
    const run = await q.runOf(this.db, c.id, month);
    // Amounts read are personal payment data: each finance read is in the audit log.
    if (finance)
      await recordAudit(this.db, {
        actor: me.id,
        action: 'allowance.month.viewed',
        subject_type: 'cohort',
        subject_id: c.id,
        detail: { month },
      });
    // A coach reaching the cohort through the trainees they follow sees those trainees alone.
    const followed = c.coach_only ? await q.followedIn(this.db, c.id, me.id) : null;
    const shown = (id: string) => !followed || followed.has(id);
    if (run) {
      const trainees = (await q.decidedMonth(this.db, c.id, month, finance))
        .filter((x) => shown(x.trainee.user_id))
        .map((x) => (finance ? x : { ...x, trace: withoutAmounts(x.trace) }));
      return {
        data: {
          ...base,
          decided: true,
          run,
          total_sen: finance ? await q.ledgerSum(this.db, c.id, month) : null,
          trainees: trainees.map(withoutId),
        },
      };
    }
    const trainees = (await q.decide(this.db, c.id, month)).filter((d) => shown(d.user_id)).map((d) => this.forecast(d, finance));
    trainees.sort((a, b) => AT_RISK_FIRST[a.outcome] - AT_RISK_FIRST[b.outcome]);
    return { data: { ...base, may_run: me.role === 'ADMIN' && (await q.monthOver(this.db, month)), trainees } };
  }

  private forecast(d: q.DecidedRow, finance: boolean): TraineeMonth {
    return {
      trainee: { id_slug: d.id_slug, first_name: d.first_name, last_name: d.last_name, email: d.email },
      outcome: d.outcome,
      amount_sen: finance ? d.amount_sen : null,
      trace: finance ? d.trace : withoutAmounts(d.trace),
      decision_id: null,
      entries: [],
      advice: monthAdvice(d.trace),
    };
  }

  /** Decides an ended month for the cohort (the job's run, by an admin); a second run changes nothing. */
  async run(me: AuthUser, cohortSlug: string, month: string) {
    const c = await this.cohort(me, cohortSlug);
    const result = await this.runCohort(c.id, month, me.id);
    return { data: { month, decided: result.decided, already: !result.made } };
  }

  private async runCohort(cohortId: string, month: string, by: string | null) {
    const fail = (message: string) => new BadRequestException({ message, errors: { month: message } });
    if (!(await q.monthOver(this.db, month))) throw fail(ALLOWANCE_MESSAGES.monthNotOver);
    const version = await q.versionFor(this.db, cohortId, month);
    if (!version) throw fail(ALLOWANCE_MESSAGES.noRules);
    return this.db.transaction(async (m) => {
      const r = await q.runMonth(m, cohortId, month, version.id, by);
      await this.queueStatements(
        m,
        r.entries.map((e) => e.id),
        false,
      );
      return { decided: r.entries.length, made: r.made };
    });
  }

  /**
   * The month's payment list for finance: each trainee's current decision, whose amount is the net
   * of their entries, so the list's total is the ledger's. Audited, with its total.
   */
  async paymentList(me: AuthUser, cohortSlug: string, month: string): Promise<{ text: string; name: string }> {
    await assertFinance(this.db, me);
    const c = await this.cohort(me, cohortSlug);
    if (!(await q.runOf(this.db, c.id, month)))
      throw new BadRequestException({ message: ALLOWANCE_MESSAGES.notDecided, errors: { month: ALLOWANCE_MESSAGES.notDecided } });
    const list = await q.paymentRows(this.db, c.id, month);
    const details = await paymentDetailsOf(
      this.db,
      this.paymentKey,
      list.map((r) => r.user_id),
    );
    const total = list.reduce((n, r) => n + Number(r.net_sen), 0);
    await recordAudit(this.db, {
      actor: me.id,
      action: 'allowance.payment_list.exported',
      subject_type: 'cohort',
      subject_id: c.id,
      detail: { month, rows: list.length, total_sen: total },
    });
    const text = toCsv(
      [
        'Trainee',
        'Email',
        'IC or passport number',
        'Bank',
        'Account number',
        'Account holder',
        'Amount (RM)',
        'Month',
        'Outcome',
        'Decision ID',
      ],
      list.map((r) => {
        const d = details.get(r.user_id);
        return [
          r.name,
          r.email,
          d?.id_number ?? '',
          d?.bank_name ?? '',
          d?.account_number ?? '',
          d?.account_holder ?? '',
          (Number(r.net_sen) / 100).toFixed(2),
          month,
          ALLOWANCE_OUTCOME_LABELS[r.outcome as keyof typeof ALLOWANCE_OUTCOME_LABELS],
          r.decision_id,
        ];
      }),
    );
    return { text, name: `allowance-${month}-${cohortSlug}.csv` };
  }

  /** Tells each trainee their decided (or corrected) month, in the transaction that wrote it. */
  private async queueStatements(m: EntityManager, entryIds: string[], corrected: boolean) {
    if (!entryIds.length) return;
    const notices = await q.statementNotices(m, entryIds);
    await this.mail.queueMany(
      m,
      notices.map((n) => ({
        template: 'allowance-statement' as const,
        to: n.email,
        subjectId: `allowance:${n.id_slug}`,
        attachments: [
          {
            filename: statementName(n.month, n.id_slug),
            contentType: 'application/pdf',
            source: STATEMENT_SOURCE,
            ref: `${n.user_id}:${n.id_slug}`,
          },
        ],
        props: {
          firstName: n.first_name,
          month: monthTitle(n.month),
          cohortTitle: n.cohort_title,
          outcome: ALLOWANCE_OUTCOME_LABELS[n.outcome],
          amount: ringgit(n.amount_sen),
          corrected,
          statementUrl: `${this.mail.learnOrigin}/student/allowance`,
        },
      })),
    );
  }

  /** Stores a medical certificate or similar (PDF, JPEG or PNG, checked by content) to attach to an exception. */
  async uploadAttachment(me: AuthUser, cohortSlug: string, req: Request, res: Response) {
    await this.cohort(me, cohortSlug);
    const file = await readUpload(req, res, EXCEPTION_FILE_MAX_BYTES);
    const type = documentTypeOf(file.buffer);
    if (!type)
      throw new BadRequestException({ message: ALLOWANCE_MESSAGES.attachmentType, errors: { file: ALLOWANCE_MESSAGES.attachmentType } });
    const stored = await this.storage.save({
      data: file.buffer,
      originalName: storedFileName(file.originalname, 'attachment'),
      contentType: type,
      purpose: EXCEPTION_FILE_PURPOSE,
      uploadedBy: me.id,
    });
    return { id_slug: stored.id_slug };
  }

  /** Staff reaching the cohort propose; the proposal waits for a second admin. */
  async propose(me: AuthUser, cohortSlug: string, body: ProposeOverride) {
    const c = await this.cohort(me, cohortSlug);
    if (!c.programme) throw new BadRequestException(ALLOWANCE_MESSAGES.noProgramme);
    const trainee = await q.isTrainee(this.db, c.id, body.user_id_slug);
    if (!trainee || (c.coach_only && !(await q.followedIn(this.db, c.id, me.id)).has(trainee.id)))
      throw new UnprocessableEntityException({
        message: ALLOWANCE_MESSAGES.notTrainee,
        errors: { user_id_slug: ALLOWANCE_MESSAGES.notTrainee },
      });
    let disputeId: string | null = null;
    if (body.dispute_id_slug) {
      const d = await q.openDispute(this.db, body.dispute_id_slug);
      if (!d || d.cohort_id !== c.id || d.user_id !== trainee.id || d.month !== body.month)
        throw new NotFoundException(ALLOWANCE_MESSAGES.disputeNotFound);
      disputeId = d.id;
    }
    let file: { id_slug: string; name: string } | null = null;
    if (body.attachment_id_slug) {
      file = (await q.ownFile(this.db, body.attachment_id_slug, EXCEPTION_FILE_PURPOSE, me.id)) ?? null;
      if (!file)
        throw new UnprocessableEntityException({
          message: ALLOWANCE_MESSAGES.unknownAttachment,
          errors: { attachment_id_slug: ALLOWANCE_MESSAGES.unknownAttachment },
        });
    }
    const made = await q.insertOverride(this.db, {
      cohortId: c.id,
      userId: trainee.id,
      month: body.month,
      kind: body.kind,
      reason: body.reason.trim(),
      file,
      disputeId,
      by: me.id,
    });
    return { data: (await q.overrideById(this.db, me.id, made.id))! };
  }

  async queue(me: AuthUser, state: 'PENDING' | 'DECIDED') {
    const list = await q.overrideQueue(this.db, me.id, state === 'PENDING');
    // The attachment (a medical certificate) opens through a short-lived signed link.
    return {
      data: list.map((o) =>
        o.attachment ? { ...o, attachment: { ...o.attachment, url: this.storage.signedUrl(o.attachment.id_slug) } } : o,
      ),
    };
  }

  /**
   * A second admin decides. Approved before the month is decided, the run reads it; after, the
   * trainee's month is corrected at once: a reversing entry and a new decision when it changes.
   */
  async decide(me: AuthUser, slug: string, approve: boolean, note: string) {
    const id = await this.db.transaction(async (m) => {
      const o = await q.lockOverride(m, slug);
      if (!o) throw new NotFoundException(ALLOWANCE_MESSAGES.overrideNotFound);
      if (o.state !== 'PENDING') throw new ConflictException(ALLOWANCE_MESSAGES.notPending);
      if (o.proposed_by === me.id) throw new ForbiddenException(ALLOWANCE_MESSAGES.sameApprover);
      await q.decideOverride(m, o.id, approve, note.trim(), me.id);
      if (approve && o.dispute_id) await q.resolveDispute(m, o.dispute_id);
      if (approve && o.kind !== 'UPHOLD' && (await q.lockRun(m, o.cohort_id, o.month))) {
        const fresh = await q.correctMonth(m, o.cohort_id, o.month, o.user_id, o.id, me.id);
        if (fresh) await this.queueStatements(m, [fresh.id], true);
      }
      return o.id;
    });
    return { data: (await q.overrideById(this.db, me.id, id))! };
  }

  async disputes(me: AuthUser) {
    return { data: (await q.disputeQueue(this.db, me.id, me.role === 'ADMIN')) as AllowanceDispute[] };
  }

  /** The trainee's own month so far (while their paid phase runs and it is undecided) and their statements. */
  async mine(me: AuthUser): Promise<{ data: MyAllowance }> {
    const c = await q.traineeCohort(this.db, me.id);
    const statements = (await q.statements(this.db, me.id)) as MyAllowance['statements'];
    if (!c) return { data: { programme: null, cohort: null, current: null, statements } };
    const month = await q.currentMonth(this.db);
    const decided = await q.runOf(this.db, c.id, month);
    const [row] = decided ? [] : await q.decide(this.db, c.id, month, me.id);
    return {
      data: {
        programme: c.programme,
        cohort: { id_slug: c.id_slug, title: c.title },
        current: row ? { ...this.forecast(row, true), month } : null,
        statements,
      },
    };
  }

  /** The signed statement of one of the trainee's decisions (the claims signed are what it decides). */
  async statementPdf(me: AuthUser, decisionSlug: string): Promise<{ file: Buffer; name: string }> {
    return this.statementFile(me.id, decisionSlug);
  }

  private async statementFile(userId: string, decisionSlug: string): Promise<{ file: Buffer; name: string }> {
    const s = await q.statementOf(this.db, userId, decisionSlug);
    if (!s) throw new NotFoundException(ALLOWANCE_MESSAGES.notYours);
    const signature = await this.signer.signDocument({
      type: 'AllowanceStatement',
      decision: s.id_slug,
      trainee: s.name,
      cohort: s.cohort_title,
      month: s.month,
      outcome: s.outcome,
      amount_sen: s.amount_sen,
      rules: s.trace.rule_version.id_slug,
      decided_at: s.created_at,
    });
    return { file: await buildStatementPdf(s, signature), name: statementName(s.month, s.id_slug) };
  }

  async dispute(me: AuthUser, decisionSlug: string, reason: string) {
    const s = await q.statementOf(this.db, me.id, decisionSlug);
    if (!s || !s.current) throw new NotFoundException(ALLOWANCE_MESSAGES.notYours);
    if (!(await q.insertDispute(this.db, s.id, me.id, reason.trim()))) throw new ConflictException(ALLOWANCE_MESSAGES.disputeOpen);
    return this.mine(me);
  }

  /**
   * Every school day: decides each ended month not yet decided (one statement per cohort, so a
   * missed day is caught up), and from the 20th mails each cohort's coaches its at-risk list once.
   */
  async daily(): Promise<void> {
    for (const due of await q.dueRuns(this.db)) await this.runCohort(due.cohort_id, due.month, null);
    if ((await q.schoolDay(this.db)) < RISK_MAIL_DAY) return;
    await this.mailAtRisk(await q.currentMonth(this.db));
  }

  /** Mails each cohort's staff the trainees they follow who would not be paid in full for the month as of now; once per cohort and month. */
  async mailAtRisk(month: string): Promise<void> {
    for (const c of await q.riskMailsDue(this.db, month)) await this.mailRisk(c.id, c.title, c.id_slug, month);
  }

  private async mailRisk(cohortId: string, title: string, slug: string, month: string) {
    const atRisk = (await q.decide(this.db, cohortId, month)).filter((d) => d.outcome !== 'ELIGIBLE');
    const staff = await q.coachesFollowing(
      this.db,
      cohortId,
      atRisk.map((d) => d.user_id),
    );
    await this.db.transaction(async (m) => {
      if (!(await q.claimRiskMail(m, cohortId, month))) return;
      await this.mail.queueMany(
        m,
        staff.map((s) => ({
          template: 'allowance-risk' as const,
          to: s.email,
          subjectId: `allowance-risk:${slug}:${month}`,
          props: {
            firstName: s.first_name,
            month: monthTitle(month),
            cohortTitle: title,
            trainees: atRisk
              .filter((d) => s.trainees.includes(d.user_id))
              .map((d) => ({
                name: `${d.first_name} ${d.last_name}`,
                outcome: ALLOWANCE_OUTCOME_LABELS[d.outcome],
                advice: monthAdvice(d.trace),
              })),
            allowanceUrl: `${this.mail.adminOrigin}/admin/cohorts/${slug}`,
          },
        })),
      );
    });
  }
}

/** A trace for staff without the finance permission: its formula names amounts. */
function withoutAmounts(t: TraineeMonth['trace']): TraineeMonth['trace'] {
  return { ...t, formula: '' };
}

/** A decided row as answered: the internal id used to filter it left out. */
function withoutId(x: q.DecidedMonthRow): TraineeMonth {
  const { user_id: _, ...trainee } = x.trainee;
  return { ...x, trainee };
}

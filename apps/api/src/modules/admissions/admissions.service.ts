import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  ADMISSION_DECISIONS,
  ALREADY_REOPENED_MESSAGE,
  type ApplicationScoresResponse,
  type AdmissionCriterion,
  type AdmissionDetail,
  type AdmissionListQuery,
  type AdmissionListResponse,
  BULK_SCREENING_REFUSED_MESSAGE,
  type BulkScreening,
  type BulkScreeningResponse,
  type ReopenScreening,
  SCREENING_NOT_REOPENABLE_MESSAGE,
  type AdmissionSelection,
  BULK_LIMIT,
  bulkRefusedMessage,
  type CohortSeats,
  type ExtendOffer,
  EXTEND_LATER_MESSAGE,
  NO_SEATS_FOR_INTAKE_MESSAGE,
  noFreeSeatsMessage,
  WRONG_TRACK_MESSAGE,
  APPLICATION_LINK_INVALID_MESSAGE,
  type ApplicantStatus,
  type ApplicationStatus,
  BLIND_FIELDS,
  type BlindField,
  canMove,
  type ConfirmScreening,
  type Decide,
  type DecideResponse,
  DISAGREEMENT_THRESHOLD,
  ELIGIBILITY_RULES,
  STATUS_LINK_SENT_MESSAGE,
  FINAL_STATUSES,
  illegalTransitionMessage,
  NOT_SCORED_MESSAGE,
  type ReopenScore,
  SCORE_FINAL_MESSAGE,
  type MyScoreResponse,
  OFFER_ACCEPTED_ENROLLED_MESSAGE,
  OFFER_ACCEPTED_SETUP_MESSAGE,
  OFFER_NOT_OPEN_MESSAGE,
  type ReviewQueueQuery,
  type ReviewScore,
  type Rubric,
  WITHDRAW_CLOSED_MESSAGE,
  DECLARE_FIRST_MESSAGE,
} from '@school/contracts';
import { getInitiative } from '@school/catalogue/data';
import type { Job } from 'pg-boss';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { budgetLimiters, inMinutes, takeEach } from '../../common/rate-budget';
import { likePattern, orderBy, SUBMISSION_SORT } from '../../common/sql/list';
import { deadlineText } from '../../common/school-time';
import { tokenHash } from '../../common/token-hash';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import type { TemplateName, TemplateProps } from '../../platform/mail/templates';
import { composeMail, mailValues } from './admission-mail-compose';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { StorageService } from '../../platform/storage/storage.service';
import { BulkAddService } from '../enrolments';
import * as sql from './admissions.queries';
import { hasDeclared } from './declarations.queries';

export const ADMISSION_MAIL_JOB = 'admission-mail';
export const OFFER_EXPIRY_JOB = 'admission-offer-expiry';
export const PROMOTE_WAITLISTED_JOB = 'admission-promote-waitlisted';
/** Every 15 minutes: an offer expires at most a quarter of an hour after its accept-by date. */
export const OFFER_EXPIRY_CRON = '*/15 * * * *';

/**
 * The template of each message an application's state sends (SCREENED, IN_REVIEW... send none),
 * and LINK: the status link sent again on request. A rejection after a 'Not eligible' screening
 * is told as such (admission-not-eligible, see sendMail).
 */
const STATUS_TEMPLATES = {
  SUBMITTED: 'admission-received',
  SHORTLISTED: 'admission-shortlisted',
  OFFERED: 'admission-offer',
  WAITLISTED: 'admission-waitlisted',
  REJECTED: 'admission-rejected',
  DECLINED: 'admission-declined',
  WITHDRAWN: 'admission-withdrawn',
  OFFER_EXPIRED: 'admission-offer-expired',
  LINK: 'admission-status-link',
  /** Not a state: an open offer's accept-by moment moved later. */
  OFFER_EXTENDED: 'admission-offer-extended',
} as const;
type MailedStatus = keyof typeof STATUS_TEMPLATES;

/** Tells a reviewer how many applications an admin has just assigned them. */
export const REVIEWER_MAIL_JOB = 'admission-reviewer-mail';
interface ReviewerMailJob {
  reviewer_id: string;
  count: number;
  assigned_by: string;
  seq: string;
}

/** Looks up the applications made with an email and queues each one's status link (asked for from /applications/). */
export const STATUS_LINK_JOB = 'admission-status-link';

const HOUR = 3600;
/**
 * Limits on asking for status links again, blocking for as long once spent. Both apply whether or
 * not an application uses the email, so a refusal says nothing about who applied.
 */
export const STATUS_LINK_LIMITS = {
  email: { points: 3, duration: HOUR },
  address: { points: 20, duration: HOUR },
};

/** A message about an application: the job draws a fresh private-link token, stores its hash and mails the link. */
export interface AdmissionMailJob {
  application_id: string;
  status: MailedStatus;
  /** One message per (status, sequence): a second offer after a waitlist is mailed again. */
  seq: string;
}

const NOT_FOUND = 'Application not found';
const notFound = () => new NotFoundException(NOT_FOUND);
const linkNotFound = () => new NotFoundException(APPLICATION_LINK_INVALID_MESSAGE);
export const NOT_ASSIGNED_MESSAGE = 'This application is not assigned to you.';
export const SCREEN_FIRST_MESSAGE = 'Confirm the screening of every application before assigning reviewers.';
export const NOT_ELIGIBLE_MESSAGE = 'An application screened as not eligible is not reviewed.';
export const NO_RUBRIC_MESSAGE = 'This intake has no rubric yet: an admin defines it before reviewers score.';
export const RUBRIC_FIXED_MESSAGE = 'Reviewers have scored this intake: its criteria and weights can no longer change (their texts can).';
export const SCORING_CLOSED_MESSAGE = 'Scoring is closed for this application.';
export const SCORE_EVERY_CRITERION_MESSAGE = 'Score every criterion of the rubric, and only those';
export const STAFF_ACCOUNT_MESSAGE = 'The email of this application belongs to a staff account. Please contact the school.';
export const ACCEPT_BY_PAST_MESSAGE = 'The accept-by date must be in the future';
export const COHORT_CLOSED_MESSAGE = 'Choose a cohort whose access has not ended';
export const ACCEPT_BY_AFTER_ACCESS_MESSAGE = 'The accept-by date must come before the cohort’s access ends';

const mailDate = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What a rejection as not eligible names: the rules the answers did not meet, in the programme's
 * words; when no flag explains it (the admin judged a rule the form cannot tell), the admin's reason.
 */
export function unmetRules(flags: Record<string, boolean | null> | null, reason: string): string[] {
  const rules = Object.entries(flags ?? {})
    .filter(([, v]) => v === false)
    .map(([k]) => ELIGIBILITY_RULES[k as keyof typeof ELIGIBILITY_RULES])
    .filter(Boolean);
  return rules.length ? rules : [reason.trim() || 'The programme’s eligibility requirements'];
}

/** The timeline's reason of a screening confirmation. */
const screeningReason = (eligible: boolean, reason: string) =>
  eligible ? `Eligible${reason ? `: ${reason}` : ''}` : `Not eligible: ${reason}`;

/** The weighted mean (1-5) of a review's levels under the rubric's weights. */
export function weightedScore(criteria: AdmissionCriterion[], scores: Record<string, number>): number {
  const total = criteria.reduce((n, c) => n + c.weight, 0);
  return Math.round((criteria.reduce((n, c) => n + c.weight * scores[c.id], 0) / total) * 10_000) / 10_000;
}

const ORDER = { created_date: 'created_date', full_name: 'full_name', status: 'status', score: 'score' } as const;

/**
 * Admissions: the state machine of programme applications (every move checked here and recorded
 * with its change in one transaction), screening, reviewers and blind review, the rubric and
 * scores, ranking, decisions with their mail, the applicant's private link (accept, decline),
 * offer expiry and promotion from the waiting list, the audit log of views and the analytics.
 */
@Injectable()
export class AdmissionsService {
  private readonly linkLimits: Record<keyof typeof STATUS_LINK_LIMITS, RateLimiterPostgres>;

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(BulkAddService) private readonly enrol: BulkAddService,
  ) {
    const mailRetry = mailRetryQueue(config);
    jobs.define<AdmissionMailJob>({ name: ADMISSION_MAIL_JOB, queue: mailRetry, handler: (data, job) => this.sendMail(data, job) });
    jobs.define<ReviewerMailJob>({ name: REVIEWER_MAIL_JOB, queue: mailRetry, handler: (data) => this.sendReviewerMail(data) });
    jobs.define<{ email: string }>({ name: STATUS_LINK_JOB, queue: mailRetry, handler: (data) => this.queueStatusLinks(data.email) });
    this.linkLimits = budgetLimiters(db, 'status-link', STATUS_LINK_LIMITS);
    jobs.define({
      name: OFFER_EXPIRY_JOB,
      cron: OFFER_EXPIRY_CRON,
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.expireOffers(),
    });
    jobs.define<{ application_id: string }>({
      name: PROMOTE_WAITLISTED_JOB,
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
      handler: (data) => this.promoteNext(data.application_id),
    });
  }

  // ---- moves --------------------------------------------------------------------------------

  /**
   * Refuses the whole request when any application cannot make the move: one alone gets the move's
   * message; in bulk, the message counts them and `errors` names each (by id_slug) with its name and why.
   */
  private check(apps: sql.LockedApplication[], to: ApplicationStatus) {
    const bad = apps.filter((a) => !canMove(a.status, to));
    if (!bad.length) return;
    const errors = Object.fromEntries(bad.map((a) => [a.id_slug, `${a.full_name}: ${illegalTransitionMessage(a.status, to)}`]));
    if (apps.length === 1) throw new ConflictException({ message: illegalTransitionMessage(bad[0].status, to), errors });
    throw new ConflictException({ message: bulkRefusedMessage(bad.length, apps.length), errors });
  }

  /** The applications of a bulk action: listed by id_slug, or every one the pipeline's filter matches (locked either way). */
  private async lockSelection(m: EntityManager, ids: string[] | undefined, matching: AdmissionSelection | undefined) {
    if (ids) return this.lockAll(m, ids);
    const f = matching!;
    const apps = await sql.lockMatching(
      m,
      {
        search: f.search_query ? likePattern(f.search_query) : null,
        status: f.status ?? null,
        intake: f.intake || null,
        course: f.course || null,
        eligibility: f.eligibility ?? null,
      },
      BULK_LIMIT + 1,
    );
    if (!apps.length)
      throw new BadRequestException({
        message: 'No application matches this filter',
        errors: { matching: 'No application matches this filter' },
      });
    if (apps.length > BULK_LIMIT)
      throw new BadRequestException({
        message: `At most ${BULK_LIMIT} applications at once: narrow the filter`,
        errors: { matching: `At most ${BULK_LIMIT} applications at once` },
      });
    return apps;
  }

  private async lockAll(m: EntityManager, idSlugs: string[]) {
    const apps = await sql.lockApplications(m, idSlugs);
    if (apps.length !== new Set(idSlugs).size) throw notFound();
    return apps;
  }

  /** Queues the message of each moved application's new state, in the moving transaction. */
  private async queueMails(m: EntityManager, moved: { id: string }[], status: MailedStatus) {
    const seq = String(Date.now());
    await this.jobs.sendMany(
      m,
      ADMISSION_MAIL_JOB,
      moved.map((a) => ({ data: { application_id: a.id, status, seq } satisfies AdmissionMailJob })),
    );
  }

  /** After submission (the applications module, in its transaction): the confirmation with the private link. */
  async submitted(m: EntityManager, applicationId: string): Promise<void> {
    await this.queueMails(m, [{ id: applicationId }], 'SUBMITTED');
  }

  // ---- admin: list, detail, timeline, views ---------------------------------------------------

  /** A page of applications; each one it shows (names, emails) is written to the audit log of views. */
  async list(me: AuthUser, query: AdmissionListQuery): Promise<AdmissionListResponse> {
    const page = await sql.listAdmissions(
      this.db,
      {
        search: query.search_query ? likePattern(query.search_query) : null,
        status: query.status ?? null,
        intake: query.intake || null,
        course: query.course || null,
        eligibility: query.eligibility ?? null,
      },
      orderBy(query.order_by, ORDER, '-created_date', 'id', SUBMISSION_SORT).replace(/\bscore (ASC|DESC)/, 'score $1 NULLS LAST'),
      query,
    );
    await sql.recordViews(
      this.db,
      page.data.map((a) => a.id_slug),
      me.id,
      query.search_query ? 'admissionsListSearch' : 'admissionsList',
    );
    return page;
  }

  /**
   * One application for a staff member. Admins see it whole. Anyone else must be assigned to it
   * (otherwise 404) and sees no blind field until they have submitted their scores; the view is
   * written to the audit log either way.
   */
  async detail(me: AuthUser, idSlug: string): Promise<AdmissionDetail> {
    const row = await sql.admissionDetail(this.db, idSlug, me.id);
    const admin = me.role === 'ADMIN';
    if (!row || (!admin && !row.my_assigned)) throw notFound();
    // A reviewer first declares whether they have a conflict of interest with the applicant.
    if (!admin && !(await hasDeclared(this.db, 'review', row.internal_id, me.id))) throw new ForbiddenException(DECLARE_FIRST_MESSAGE);
    await sql.recordView(this.db, row.internal_id, me.id, 'admissionsDetail');
    const blinded = !admin && row.blind_review && row.my_scored_at === null;
    const application: Record<string, unknown> = {
      id_slug: row.id_slug,
      created_date: new Date(row.created_date).toISOString(),
    };
    const skip = new Set([
      'internal_id',
      'id_slug',
      'created_date',
      'intake',
      'status_changed_at',
      'anonymised_at',
      'eligible',
      'screening_reason',
      'screening_notes',
      'duplicates',
      'screened_at',
      'resume_slug',
      'transcript_slug',
      'reviewers',
      'score',
      'offer',
      'my_assigned',
      'my_scored_at',
      'blind_review',
    ]);
    for (const [k, v] of Object.entries(row)) if (!skip.has(k)) application[k] = v;
    application.resume = row.resume_slug ? this.storage.signedUrl(row.resume_slug, { download: true }) : null;
    application.transcript = row.transcript_slug ? this.storage.signedUrl(row.transcript_slug, { download: true }) : null;
    const hidden: BlindField[] = blinded ? [...BLIND_FIELDS] : [];
    for (const f of hidden) delete application[f];
    return {
      application: application as AdmissionDetail['application'],
      intake: row.intake,
      status_changed_at: row.status_changed_at,
      anonymised_at: row.anonymised_at,
      hidden_fields: hidden,
      screening: admin
        ? {
            flags: (row.eligibility as never) ?? null,
            notes: row.screening_notes,
            duplicates: row.duplicates,
            eligible: row.eligible,
            reason: row.screening_reason,
            confirmed_at: row.screened_at,
          }
        : null,
      reviewers: admin ? row.reviewers : null,
      score: admin ? row.score : null,
      offer: admin ? row.offer : null,
      my_review: { assigned: row.my_assigned, scored_at: row.my_scored_at },
    };
  }

  private async internalId(idSlug: string) {
    const id = await sql.applicationIdOf(this.db, idSlug);
    if (!id) throw notFound();
    return id;
  }

  async timeline(me: AuthUser, idSlug: string) {
    const id = await this.internalId(idSlug);
    await sql.recordView(this.db, id, me.id, 'admissionsTimeline');
    return { data: await sql.timeline(this.db, id) };
  }

  async views(idSlug: string) {
    return { data: await sql.applicationViews(this.db, await this.internalId(idSlug)) };
  }

  /** The applications a list of the applications module showed to staff, written to the audit log of views. */
  recordViews(idSlugs: string[], viewerId: string, call: string): Promise<void> {
    return sql.recordViews(this.db, idSlugs, viewerId, call);
  }

  /** The older admin detail call (applications module) is audited too. */
  async recordView(idSlug: string, viewerId: string, call: string): Promise<void> {
    const id = await sql.applicationIdOf(this.db, idSlug);
    if (id) await sql.recordView(this.db, id, viewerId, call);
  }

  // ---- screening and reviewers ------------------------------------------------------------------

  confirmScreening(me: AuthUser, idSlug: string, body: ConfirmScreening) {
    return this.db.transaction(async (m) => {
      const [app] = await this.lockAll(m, [idSlug]);
      this.check([app], 'SCREENED');
      await sql.setScreening(m, app.id, body.eligible, body.reason);
      await sql.moveApplications(m, [app.id], 'SCREENED', me.id, screeningReason(body.eligible, body.reason));
      return { data: { id_slug: app.id_slug, status: 'SCREENED' as const } };
    });
  }

  /**
   * Many SUBMITTED applications confirmed at once (a filtered selection), in one transaction: all
   * or none. A refusal names each application that is not SUBMITTED and its state.
   */
  bulkScreening(me: AuthUser, body: BulkScreening): Promise<BulkScreeningResponse> {
    return this.db.transaction(async (m) => {
      const apps = await this.lockAll(m, body.application_ids);
      const refused = apps.filter((a) => !canMove(a.status, 'SCREENED'));
      if (refused.length)
        throw new ConflictException({
          message: BULK_SCREENING_REFUSED_MESSAGE(refused.length),
          errors: Object.fromEntries(refused.map((a) => [a.id_slug, illegalTransitionMessage(a.status, 'SCREENED')])),
        });
      const ids = apps.map((a) => a.id);
      await sql.setScreenings(m, ids, body.eligible, body.reason);
      const moved = await sql.moveApplications(m, ids, 'SCREENED', me.id, screeningReason(body.eligible, body.reason));
      return { data: { screened: moved.length, applications: moved.map((a) => ({ id_slug: a.id_slug, status: 'SCREENED' as const })) } };
    });
  }

  /**
   * Reopens a confirmed screening with the reason, logged as the move back to SUBMITTED: a screened
   * application (eligible or not), or one rejected after a 'Not eligible' screening. The admin
   * then screens it again.
   */
  reopenScreening(me: AuthUser, idSlug: string, body: ReopenScreening) {
    return this.db.transaction(async (m) => {
      const [app] = await this.lockAll(m, [idSlug]);
      const reopenable = app.status === 'SCREENED' || (app.status === 'REJECTED' && app.eligible === false);
      if (!reopenable) throw new ConflictException(SCREENING_NOT_REOPENABLE_MESSAGE);
      await sql.clearScreening(m, [app.id]);
      await sql.moveApplications(m, [app.id], 'SUBMITTED', me.id, `Screening reopened: ${body.reason}`);
      return { data: { id_slug: app.id_slug, status: 'SUBMITTED' as const } };
    });
  }

  async staff(search: string | undefined) {
    return { data: await sql.staff(this.db, search ? likePattern(search) : null) };
  }

  /** Every reviewer on every application, all or nothing; screened (eligible) applications move to IN_REVIEW. */
  assignReviewers(me: AuthUser, applicationIds: string[], reviewerIds: string[]) {
    return this.db.transaction(async (m) => {
      const apps = await this.lockAll(m, applicationIds);
      const reviewers = await sql.staffByIdSlugs(m, reviewerIds);
      if (reviewers.length !== reviewerIds.length)
        throw new BadRequestException({
          message: 'Reviewers are staff accounts (ADMIN or INSTRUCTOR)',
          errors: { reviewer_ids: 'Unknown staff account' },
        });
      for (const a of apps) {
        if (a.status === 'SUBMITTED') throw new ConflictException(SCREEN_FIRST_MESSAGE);
        if (a.status === 'SCREENED' && a.eligible === false) throw new ConflictException(NOT_ELIGIBLE_MESSAGE);
        if (a.status !== 'SCREENED' && a.status !== 'IN_REVIEW')
          throw new ConflictException(illegalTransitionMessage(a.status, 'IN_REVIEW'));
      }
      const added = await sql.assign(
        m,
        apps.map((a) => a.id),
        reviewers.map((r) => r.id),
        me.id,
      );
      const assigned = added.reduce((n, r) => n + r.count, 0);
      // Each reviewer is told of their new assignments, in the assigning transaction.
      const seq = String(Date.now());
      await this.jobs.sendMany(
        m,
        REVIEWER_MAIL_JOB,
        added.map((r) => ({ data: { reviewer_id: r.reviewer_id, count: r.count, assigned_by: me.id, seq } satisfies ReviewerMailJob })),
      );
      const toReview = apps.filter((a) => a.status === 'SCREENED');
      if (toReview.length)
        await sql.moveApplications(
          m,
          toReview.map((a) => a.id),
          'IN_REVIEW',
          me.id,
          'Reviewers assigned',
        );
      return { data: { assigned, applications: apps.length } };
    });
  }

  async unassignReviewer(idSlug: string, reviewerIdSlug: string) {
    const removed = await sql.unassign(this.db, await this.internalId(idSlug), reviewerIdSlug);
    if (!removed) throw new NotFoundException('This reviewer is not assigned to the application');
    return { data: { assigned: -removed, applications: 1 } };
  }

  // ---- rubric and scores ----------------------------------------------------------------------

  private knownIntake(intake: string) {
    if (!getInitiative(intake)) throw new NotFoundException('Unknown intake');
  }

  async rubric(intake: string) {
    this.knownIntake(intake);
    const [row, scored] = await Promise.all([sql.rubric(this.db, intake), sql.intakeScored(this.db, intake)]);
    return { data: { intake, criteria: row?.criteria ?? [], blind: row?.blind ?? true, updated_at: row?.updated_at ?? null, scored } };
  }

  async updateRubric(me: AuthUser, intake: string, body: Rubric) {
    this.knownIntake(intake);
    await this.db.transaction(async (m) => {
      const current = await sql.lockRubric(m, intake);
      if (current && (await sql.intakeScored(m, intake))) {
        const shape = (cs: AdmissionCriterion[]) => JSON.stringify(cs.map((c) => [c.id, c.weight]));
        if (shape(current.criteria) !== shape(body.criteria)) throw new ConflictException(RUBRIC_FIXED_MESSAGE);
      }
      await sql.saveRubric(m, intake, body.criteria, body.blind, me.id);
    });
    return this.rubric(intake);
  }

  reviewQueue(me: AuthUser, query: ReviewQueueQuery) {
    return sql.reviewQueue(this.db, me.id, query.intake || null, query.scored === undefined ? null : query.scored === 'true', query);
  }

  /** The assignment of the caller to the application: 404 when there is no such application, 403 when not theirs. */
  private async myAssignment(q: DataSource | EntityManager, me: AuthUser, idSlug: string) {
    const row = await sql.assignment(q, idSlug, me.id);
    if (!row) throw notFound();
    if (!row.assigned) throw new ForbiddenException(NOT_ASSIGNED_MESSAGE);
    if (!(await hasDeclared(q, 'review', row.id, me.id))) throw new ForbiddenException(DECLARE_FIRST_MESSAGE);
    return row;
  }

  async myScore(me: AuthUser, idSlug: string): Promise<MyScoreResponse> {
    const row = await this.myAssignment(this.db, me, idSlug);
    const rubric = await sql.rubric(this.db, row.intake);
    return {
      data: {
        rubric: rubric?.criteria ?? [],
        score: row.submitted_at
          ? {
              scores: row.scores!,
              comment: row.comment ?? '',
              weighted: Number(row.weighted),
              submitted_at: row.submitted_at,
              reopened_at: row.reopened_at,
            }
          : null,
        can_score: sql.SCORING_STATUSES.includes(row.status),
      },
    };
  }

  async submitScore(me: AuthUser, idSlug: string, body: ReviewScore): Promise<MyScoreResponse> {
    await this.db.transaction(async (m) => {
      await this.myAssignment(m, me, idSlug);
      const [app] = await sql.lockApplications(m, [idSlug]);
      // Read again under the application's lock: two submissions at once cannot both be "the first".
      const row = await this.myAssignment(m, me, idSlug);
      // A submitted score is final: the reviewer has seen the blind fields since, so only an admin reopens it.
      if (row.submitted_at && !row.reopened_at)
        throw new ConflictException({ message: SCORE_FINAL_MESSAGE, errors: { scores: SCORE_FINAL_MESSAGE } });
      if (!sql.SCORING_STATUSES.includes(app.status)) throw new ConflictException(SCORING_CLOSED_MESSAGE);
      const rubric = await sql.lockRubric(m, row.intake);
      if (!rubric?.criteria.length) throw new ConflictException(NO_RUBRIC_MESSAGE);
      const ids = rubric.criteria.map((c) => c.id).sort();
      if (JSON.stringify(Object.keys(body.scores).sort()) !== JSON.stringify(ids))
        throw new BadRequestException({ message: SCORE_EVERY_CRITERION_MESSAGE, errors: { scores: SCORE_EVERY_CRITERION_MESSAGE } });
      await sql.saveScore(m, row.id, me.id, body.scores, weightedScore(rubric.criteria, body.scores), body.comment);
    });
    return this.myScore(me, idSlug);
  }

  /** An application's current reviews and the reopenings and changes of its scores. */
  async scores(idSlug: string): Promise<ApplicationScoresResponse> {
    return { data: await sql.applicationScores(this.db, await this.internalId(idSlug)) };
  }

  /** An admin reopens a reviewer's final score (logged with the reason) so that they may score it again. */
  async reopenScore(me: AuthUser, idSlug: string, body: ReopenScore): Promise<ApplicationScoresResponse> {
    await this.db.transaction(async (m) => {
      const [app] = await sql.lockApplications(m, [idSlug]);
      if (!app) throw notFound();
      if (!sql.SCORING_STATUSES.includes(app.status)) throw new ConflictException(SCORING_CLOSED_MESSAGE);
      const outcome = await sql.reopenScore(m, app.id, body.reviewer_id, me.id, body.reason);
      if (outcome === 'not_assigned') throw new NotFoundException('This reviewer is not assigned to the application');
      if (outcome === 'not_scored') throw new ConflictException(NOT_SCORED_MESSAGE);
      if (outcome === 'already_reopened') throw new ConflictException(ALREADY_REOPENED_MESSAGE);
    });
    return this.scores(idSlug);
  }

  /** The ranked list; each application it shows is written to the audit log of views. */
  async ranking(me: AuthUser, intake: string, status: ApplicationStatus | undefined) {
    this.knownIntake(intake);
    const data = await sql.ranking(this.db, intake, status ?? null);
    await sql.recordViews(
      this.db,
      data.map((r) => r.id_slug),
      me.id,
      'admissionsRanking',
    );
    return { data, disagreement_threshold: DISAGREEMENT_THRESHOLD };
  }

  // ---- decisions --------------------------------------------------------------------------------

  async offerCohorts(intake: string | undefined, course: string | undefined) {
    return { data: await sql.offerCohorts(this.db, intake ?? null, intake ? (course ?? null) : null) };
  }

  // ---- seats per cohort per intake -----------------------------------------------------------

  async cohortSeats(intake: string) {
    this.knownIntake(intake);
    return { data: await sql.cohortSeats(this.db, intake) };
  }

  /** Sets a cohort's seats and track for an intake; never below the seats its offers hold, nor to another track while it holds any. */
  async setCohortSeats(me: AuthUser, intake: string, cohortIdSlug: string, body: CohortSeats) {
    this.knownIntake(intake);
    await this.db.transaction(async (m) => {
      const cohort = await sql.cohortById(m, cohortIdSlug);
      if (!cohort) throw new NotFoundException('Cohort not found');
      const current = await sql.lockSeats(m, cohort.id, intake);
      if (current && body.seats < current.held) {
        const message = `Offers hold ${current.held} seats of this cohort: seats cannot go below that`;
        throw new ConflictException({ message, errors: { seats: message } });
      }
      if (current && current.held > 0 && current.track !== body.track) {
        const message = `Offers hold seats of this cohort for ${current.track}: its track cannot change`;
        throw new ConflictException({ message, errors: { track: message } });
      }
      await sql.saveSeats(m, cohort.id, intake, body.track, body.seats, me.id);
    });
    return this.cohortSeats(intake);
  }

  /**
   * An offer's seats: the cohort must have seats for the applications' intake and teach their
   * course track (each other application is named), and enough of them must be free.
   */
  private async checkSeats(m: EntityManager, apps: sql.LockedApplication[], cohort: { id: string; title: string }) {
    const intakes = [...new Set(apps.map((a) => a.intake))];
    const seatsOf = new Map<string, NonNullable<Awaited<ReturnType<typeof sql.lockSeats>>>>();
    for (const intake of intakes.sort()) {
      const seats = await sql.lockSeats(m, cohort.id, intake);
      if (!seats) throw new ConflictException({ message: NO_SEATS_FOR_INTAKE_MESSAGE, errors: { cohort_id: NO_SEATS_FOR_INTAKE_MESSAGE } });
      seatsOf.set(intake, seats);
    }
    const wrong = apps.filter((a) => seatsOf.get(a.intake)!.track !== a.course);
    if (wrong.length)
      throw new ConflictException({
        message: WRONG_TRACK_MESSAGE,
        errors: Object.fromEntries(wrong.map((a) => [a.id_slug, `${a.full_name} applied for ${a.course}`])),
      });
    for (const [intake, seats] of seatsOf) {
      const asked = apps.filter((a) => a.intake === intake).length;
      const free = Math.max(seats.seats - seats.held, 0);
      if (asked > free) {
        const message = noFreeSeatsMessage(cohort.title, free, asked);
        throw new ConflictException({ message, errors: { cohort_id: message } });
      }
    }
  }

  /** One decision for every application, in one transaction: all move (each with its mail) or none. */
  decide(me: AuthUser, body: Decide): Promise<DecideResponse> {
    const to = ADMISSION_DECISIONS[body.decision];
    return this.db.transaction(async (m) => {
      const apps = await this.lockSelection(m, body.application_ids, body.matching);
      this.check(apps, to);
      let cohortId: string | undefined;
      if (to === 'OFFERED') {
        if (new Date(body.accept_by!).getTime() <= Date.now())
          throw new BadRequestException({ message: ACCEPT_BY_PAST_MESSAGE, errors: { accept_by: ACCEPT_BY_PAST_MESSAGE } });
        const cohort = await sql.offerCohort(m, body.cohort_id!);
        if (!cohort) throw new BadRequestException({ message: COHORT_CLOSED_MESSAGE, errors: { cohort_id: COHORT_CLOSED_MESSAGE } });
        if (new Date(body.accept_by!) >= cohort.end_access_date)
          throw new BadRequestException({ message: ACCEPT_BY_AFTER_ACCESS_MESSAGE, errors: { accept_by: ACCEPT_BY_AFTER_ACCESS_MESSAGE } });
        await this.checkSeats(m, apps, cohort);
        cohortId = cohort.id;
      }
      const ids = apps.map((a) => a.id);
      const moved = await sql.moveApplications(m, ids, to, me.id, body.reason, to !== 'SHORTLISTED' && to !== 'WITHDRAWN');
      if (cohortId) await sql.saveOffers(m, ids, cohortId, body.accept_by!);
      // A withdrawn offer's place goes on to the waiting list, as a declined one does; so does an
      // accepted one, whose queue entry and invitation go with it.
      if (to === 'WITHDRAWN') {
        const holders = apps.filter((a) => a.status === 'OFFERED' || a.status === 'ACCEPTED');
        for (const a of holders) if (a.status === 'ACCEPTED') await this.releaseAcceptedSeat(m, a.id);
        await this.queuePromotion(
          m,
          holders.map((a) => a.id),
        );
      }
      if (to in STATUS_TEMPLATES) await this.queueMails(m, moved, to as MailedStatus);
      return {
        data: {
          decided: moved.length,
          applications: moved.map(({ id_slug, from_status, to_status }) => ({ id_slug, from_status, to_status })),
        },
      };
    });
  }

  /** An admin moves an open offer's accept-by moment later: logged on the timeline with the reason, and mailed. */
  extendOffer(me: AuthUser, idSlug: string, body: ExtendOffer) {
    return this.db.transaction(async (m) => {
      const [app] = await this.lockAll(m, [idSlug]);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const facts = (await sql.mailFacts(m, app.id))!;
      const next = new Date(body.accept_by);
      if (next.getTime() <= Date.now())
        throw new BadRequestException({ message: ACCEPT_BY_PAST_MESSAGE, errors: { accept_by: ACCEPT_BY_PAST_MESSAGE } });
      if (next <= new Date(facts.accept_by!))
        throw new BadRequestException({ message: EXTEND_LATER_MESSAGE, errors: { accept_by: EXTEND_LATER_MESSAGE } });
      const cohort = await sql.offerCohort(m, facts.cohort_id_slug!);
      if (!cohort || next >= cohort.end_access_date)
        throw new BadRequestException({ message: ACCEPT_BY_AFTER_ACCESS_MESSAGE, errors: { accept_by: ACCEPT_BY_AFTER_ACCESS_MESSAGE } });
      const reason = `Accept-by extended to ${deadlineText(next)}: ${body.reason}`;
      const saved = await sql.extendOffer(m, app.id, next.toISOString(), me.id, reason);
      await this.queueMails(m, [app], 'OFFER_EXTENDED');
      return { data: { id_slug: app.id_slug, accept_by: saved!.accept_by } };
    });
  }

  // ---- the applicant's private link ----------------------------------------------------------

  /** The applicant's own status; a wrong token (or id) is a 404 that tells nothing. The view is audited. */
  async applicantStatus(idSlug: string, token: string): Promise<ApplicantStatus> {
    const id = await sql.applicationByLink(this.db, idSlug, tokenHash(token));
    if (!id) throw linkNotFound();
    await sql.recordView(this.db, id, null, 'applicantStatus');
    return this.statusOf(this.db, id);
  }

  /** The applicant's page of an application (also after an erasure request, RetentionService). */
  async statusOf(q: DataSource | EntityManager, id: string): Promise<ApplicantStatus> {
    const row = (await sql.applicantStatus(q, id)) as ApplicantStatus;
    // The accept-by moment as the offer mail writes it, so the page does not show it in the browser's zone.
    const offer = row.offer && { ...row.offer, accept_by_text: deadlineText(row.offer.accept_by) };
    return { ...row, offer, programme: getInitiative(row.programme)?.title ?? row.programme, timeline: row.timeline ?? [] };
  }

  /**
   * Accepts the offer: OFFERED -> ACCEPTED, then the cohort's own add: an existing student account
   * with the application's email is enrolled at once (the enrolment makes the application
   * ENROLLED), an email without an account is queued and invited to create it (enrolled, and so
   * ENROLLED, when they register). All in one transaction.
   */
  async accept(idSlug: string, token: string) {
    return this.db.transaction(async (m) => {
      const app = await this.lockByLink(m, idSlug, token);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const facts = (await sql.mailFacts(m, app.id))!;
      if (facts.accept_by && new Date(facts.accept_by).getTime() <= Date.now()) throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      await sql.moveApplications(m, [app.id], 'ACCEPTED', null, 'Accepted by the applicant');
      const [first, ...rest] = facts.full_name.trim().split(/\s+/);
      const result = await this.enrol.addWithin(m, facts.cohort_id_slug!, [
        { email: facts.email.toLowerCase(), first_name: first ?? '', last_name: rest.join(' ') },
      ]);
      if (result.errors > 0) throw new ConflictException(STAFF_ACCOUNT_MESSAGE);
      if (result.already_in_cohort > 0) await sql.moveApplications(m, [app.id], 'ENROLLED', null, 'Already enrolled in the offered cohort');
      const enrolled = result.successfully_added_to_cohort > 0 || result.already_in_cohort > 0;
      return {
        data: await this.statusOf(m, app.id),
        next: enrolled ? ('enrolled' as const) : ('account_setup' as const),
        message: enrolled ? OFFER_ACCEPTED_ENROLLED_MESSAGE : OFFER_ACCEPTED_SETUP_MESSAGE,
      };
    });
  }

  /** Declines the offer: OFFERED -> DECLINED, and the freed place goes to the next waitlisted applicant (a job). */
  async decline(idSlug: string, token: string) {
    const data = await this.db.transaction(async (m) => {
      const app = await this.lockByLink(m, idSlug, token);
      if (app.status !== 'OFFERED') throw new ConflictException(OFFER_NOT_OPEN_MESSAGE);
      const moved = await sql.moveApplications(m, [app.id], 'DECLINED', null, 'Declined by the applicant');
      await this.queuePromotion(m, [app.id]);
      await this.queueMails(m, moved, 'DECLINED');
      return this.statusOf(m, app.id);
    });
    return { data };
  }

  /**
   * The applicant withdraws, from any state that is not an end. A withdrawn offer frees its place
   * for the next waitlisted applicant (a job), as a declined one does; an accepted one too, once its
   * queue entry and invitation are gone (releaseAcceptedSeat), in the same transaction.
   */
  async withdraw(idSlug: string, token: string) {
    const data = await this.db.transaction(async (m) => {
      const app = await this.lockByLink(m, idSlug, token);
      if (FINAL_STATUSES.includes(app.status)) throw new ConflictException(WITHDRAW_CLOSED_MESSAGE);
      const moved = await sql.moveApplications(m, [app.id], 'WITHDRAWN', null, 'Withdrawn by the applicant');
      await this.queueMails(m, moved, 'WITHDRAWN');
      if (app.status === 'ACCEPTED') await this.releaseAcceptedSeat(m, app.id);
      if (app.status === 'OFFERED' || app.status === 'ACCEPTED') await this.queuePromotion(m, [app.id]);
      return this.statusOf(m, app.id);
    });
    return { data };
  }

  /**
   * An accepted applicant who withdraws no longer holds the seat: the queue entry and invitation
   * made on acceptance are removed, so the link mailed then no longer enrols them.
   */
  private async releaseAcceptedSeat(m: EntityManager, applicationId: string): Promise<void> {
    const facts = await sql.mailFacts(m, applicationId);
    if (facts?.cohort_id_slug) await this.enrol.withdrawWithin(m, facts.cohort_id_slug, facts.email.toLowerCase());
  }

  private async lockByLink(m: EntityManager, idSlug: string, token: string) {
    const id = await sql.applicationByLink(m, idSlug, tokenHash(token), true);
    if (!id) throw linkNotFound();
    const [app] = await sql.lockApplications(m, [idSlug]);
    return app;
  }

  private queuePromotion(m: EntityManager, ids: string[]) {
    return this.jobs.sendMany(
      m,
      PROMOTE_WAITLISTED_JOB,
      ids.map((id) => ({ data: { application_id: id } })),
    );
  }

  // ---- jobs -------------------------------------------------------------------------------------

  /** The recurring job: offers past their accept-by date expire (each once), and their places are offered on. */
  async expireOffers(): Promise<number> {
    return this.db.transaction(async (m) => {
      const expired = await sql.expireOffers(m);
      await this.queueMails(m, expired, 'OFFER_EXPIRED');
      await this.queuePromotion(
        m,
        expired.map((e) => e.id),
      );
      return expired.length;
    });
  }

  /**
   * The place a declined or expired offer freed goes to the best-ranked waitlisted applicant of the
   * same intake and course track (the cohort teaches that track): same cohort, a fresh accept-by date (the first offer's window again, at least a
   * day), and the offer mail. The place is claimed in PostgreSQL, so it goes once whatever the
   * number of workers or tries. Answers the promoted application's id, if any.
   */
  async promoteNext(freedFrom: string): Promise<string | undefined> {
    return this.db.transaction(async (m) => {
      const place = await sql.claimFreedPlace(m, freedFrom);
      if (!place) return undefined;
      const next = await sql.nextWaitlisted(m, place.intake, place.course);
      if (!next) return undefined;
      const acceptBy = new Date(Date.now() + place.window_seconds * 1000).toISOString();
      const moved = await sql.moveApplications(m, [next.id], 'OFFERED', null, 'A place became free: offered from the waiting list', true);
      await sql.saveOffers(m, [next.id], place.cohort_id, acceptBy);
      await sql.markPromoted(m, freedFrom, next.id);
      await this.queueMails(m, moved, 'OFFERED');
      return next.id;
    });
  }

  /** The mail job: a new private-link token (only its hash is stored) and the message of the state. */
  async sendMail(job: AdmissionMailJob, _meta?: Pick<Job, 'retryCount'>): Promise<void> {
    const facts = await sql.mailFacts(this.db, job.application_id);
    if (!facts) return;
    const token = randomBytes(32).toString('base64url');
    await sql.saveToken(this.db, job.application_id, tokenHash(token));
    const statusUrl = `${this.mail.webOrigin}/applications/${facts.id_slug}?token=${token}`;
    const base = { name: facts.full_name, programme: getInitiative(facts.intake)?.title ?? facts.intake, statusUrl };
    const subjectId = `admission:${facts.id_slug}:${job.status}:${job.seq}`;
    const template = STATUS_TEMPLATES[job.status];
    const unmet =
      template === 'admission-rejected' && facts.eligible === false ? unmetRules(facts.eligibility, facts.screening_reason) : [];
    // The intake's reply-to address, and the words of its edited template of this kind if an admin wrote one.
    const send = async <N extends TemplateName>(name: N, props: TemplateProps<N>) =>
      this.mail.deliver({
        template: name,
        to: facts.email,
        subjectId,
        props,
        ...(await composeMail(this.db, facts.intake, name, mailValues(facts, statusUrl, unmet))),
      });
    if (template === 'admission-received') return send(template, { programme: base.programme, statusUrl, course: facts.course });
    if (template === 'admission-offer' || template === 'admission-offer-extended')
      return send(template, {
        ...base,
        cohortTitle: facts.cohort_title ?? '',
        startDate: facts.start_date ? mailDate(facts.start_date) : '',
        endDate: facts.end_date ? mailDate(facts.end_date) : '',
        acceptBy: facts.accept_by ? deadlineText(facts.accept_by) : '',
      });
    if (template === 'admission-rejected' && facts.eligible === false) return send('admission-not-eligible', { ...base, unmet });
    return send(template, base);
  }

  /** The reviewer-assignment job: one message per reviewer and assignment call. */
  async sendReviewerMail(job: ReviewerMailJob): Promise<void> {
    const facts = await sql.reviewerMailFacts(this.db, job.reviewer_id, job.assigned_by);
    if (!facts) return;
    await this.mail.deliver({
      template: 'admission-review-assigned',
      to: facts.email,
      subjectId: `admission-review:${job.reviewer_id}:${job.seq}`,
      props: {
        name: facts.first_name,
        count: job.count,
        assignedBy: facts.by_name || 'An admin',
        queueUrl: `${this.mail.adminOrigin}/admin/review`,
      },
    });
  }

  // ---- the status link again ------------------------------------------------------------------

  /**
   * An applicant asks for their status link again (from /applications/). The request counts against
   * its limits and queues a job carrying the email, the same statements whatever the email: the
   * answer, its status and its time tell nothing about who applied.
   */
  async requestStatusLink(email: string, ip: string): Promise<{ message: string }> {
    if (!this.config.DISABLE_RATE_LIMITS) {
      const wait = await takeEach([
        [this.linkLimits.address, ip],
        [this.linkLimits.email, email.toLowerCase()],
      ]);
      if (wait !== null)
        throw new HttpException({ message: `Too many requests. Please try again ${inMinutes(wait)}.` }, HttpStatus.TOO_MANY_REQUESTS);
    }
    await this.db.transaction((m) => this.jobs.send(m, STATUS_LINK_JOB, { email: email.toLowerCase() }));
    return { message: STATUS_LINK_SENT_MESSAGE };
  }

  /** The job: each application made with the email gets its link mailed (a fresh token each). */
  async queueStatusLinks(email: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const found = await sql.applicationsByEmail(m, email);
      if (found.length) await this.queueMails(m, found, 'LINK');
    });
  }
}

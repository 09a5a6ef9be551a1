import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { jobRoles } from '@school/catalogue';
import {
  type CohortOjtReviewsResponse,
  type CoachSection,
  CoachSectionSchema,
  COACH_MESSAGES,
  OJT_REVIEW_MESSAGES,
  OJT_REVIEW_PARTIES,
  OJT_REVIEW_WEEKS,
  type OjtReview,
  type OjtReviewParty,
  type OjtReviewResponse,
  type OjtReviewsResponse,
  type OjtReviewState,
  type OjtReviewVerification,
  PLACEMENT_MESSAGES,
  type SupervisorSection,
  SupervisorSectionSchema,
  type TraineeSection,
  TraineeSectionSchema,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { schoolDate } from '../../common/school-calendar';
import type { Sql } from '../../common/sql/db';
import { MailService } from '../../platform/mail/mail.service';
import { TimelineService } from '../timeline';
import { placementWeeks } from './logbook-weeks';
import { buildReviewPdf } from './ojt-review-pdf';
import * as sql from './ojt-reviews.queries';
import { SupervisorLinksService } from './supervisor-links.service';

const JOB_ROLES = new Set(jobRoles.map((r) => r.title));
type Weeks = ReturnType<typeof placementWeeks>;
/** A due day as the supervisor's mail writes it: '26 November 2026'. */
const DUE_DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** When a review can be completed and when it is due: its OJT week in the trainee's window (the last week if the window is shorter). */
function reviewDates(weeks: Weeks, week: number) {
  const w = weeks.find((x) => x.week === week) ?? weeks[weeks.length - 1];
  return { opens_on: w.starts_on, due_on: w.ends_on };
}

function stateOf(dates: { opens_on: string; due_on: string }, frozen: boolean, today: string): OjtReviewState {
  if (frozen) return 'COMPLETE';
  if (today < dates.opens_on) return 'NOT_OPEN';
  return today > dates.due_on ? 'OVERDUE' : 'OPEN';
}

/** Whether a party's section has everything its signature vouches for. */
const complete: Record<OjtReviewParty, (r: OjtReview) => boolean> = {
  TRAINEE: (r) => !!r.trainee.progress && !!r.trainee.goals && r.trainee.competencies.length > 0,
  SUPERVISOR: (r) => !!r.supervisor.comments && !!r.supervisor.rating,
  COACH: (r) => !!r.coach.comments && !!r.coach.actions,
};

/**
 * The OJT reviews at weeks 4, 8 and 16 of a placement, dated by the trainee's OJT window on the
 * timeline (as the logbook's weeks are). Each party completes and signs their own section: the
 * trainee in the learn app, the coach (the placement's, or one following the trainee) in the
 * console, the supervisor through a signed link mailed when the trainee signs. A signature is an
 * append-only fact and a signed section cannot change. The last signature freezes the review into
 * a PDF whose SHA-256 is recorded, in the same transaction; anyone can check a file against it.
 */
@Injectable()
export class OjtReviewsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(SupervisorLinksService) private readonly links: SupervisorLinksService,
  ) {}

  // ---- the trainee -----------------------------------------------------------------------------

  async mine(me: AuthUser, placementSlug: string): Promise<OjtReviewsResponse> {
    return { data: await this.all(this.db, await this.own(this.db, me, placementSlug)) };
  }

  async myReview(me: AuthUser, placementSlug: string, week: number): Promise<OjtReviewResponse> {
    const p = await this.own(this.db, me, placementSlug);
    return { data: (await this.all(this.db, p)).find((r) => r.week === week)! };
  }

  saveMine(me: AuthUser, placementSlug: string, week: number, body: TraineeSection): Promise<OjtReviewResponse> {
    const unknown = body.competencies.filter((c) => !JOB_ROLES.has(c));
    if (unknown.length) throw refuse('competencies', `${OJT_REVIEW_MESSAGES.jobRoleUnknown}: ${unknown.join(', ')}`);
    return this.db.transaction(async (tx) => this.save(tx, await this.own(tx, me, placementSlug), week, 'TRAINEE', body));
  }

  signMine(me: AuthUser, placementSlug: string, week: number): Promise<OjtReviewResponse> {
    return this.db.transaction(async (tx) => {
      const p = await this.own(tx, me, placementSlug);
      const signed = await this.sign(tx, p, week, 'TRAINEE', me.id, p.trainee_name);
      await this.mailSupervisor(tx, p, signed);
      return { data: signed };
    });
  }

  async myPdf(me: AuthUser, placementSlug: string, week: number) {
    return this.pdf(await this.own(this.db, me, placementSlug), week);
  }

  // ---- the coach (and admins, who read) --------------------------------------------------------

  async coachReviews(me: AuthUser, cohortSlug: string, userSlug: string): Promise<OjtReviewsResponse> {
    return { data: await this.all(this.db, await this.staff(this.db, me, cohortSlug, userSlug)) };
  }

  saveCoach(me: AuthUser, cohortSlug: string, userSlug: string, week: number, body: CoachSection): Promise<OjtReviewResponse> {
    return this.db.transaction(async (tx) => this.save(tx, await this.coach(tx, me, cohortSlug, userSlug), week, 'COACH', body));
  }

  signCoach(me: AuthUser, cohortSlug: string, userSlug: string, week: number): Promise<OjtReviewResponse> {
    return this.db.transaction(async (tx) => {
      const p = await this.coach(tx, me, cohortSlug, userSlug);
      return { data: await this.sign(tx, p, week, 'COACH', me.id, p.caller_name ?? '') };
    });
  }

  async coachPdf(me: AuthUser, cohortSlug: string, userSlug: string, week: number) {
    return this.pdf(await this.staff(this.db, me, cohortSlug, userSlug), week);
  }

  // ---- the supervisor, through their link ------------------------------------------------------

  async supervisorReview(token: string, ip: string): Promise<OjtReviewResponse> {
    const { placement, week } = await this.byLink(this.db, token, ip);
    return { data: (await this.all(this.db, placement)).find((r) => r.week === week)! };
  }

  saveSupervisor(token: string, ip: string, body: SupervisorSection): Promise<OjtReviewResponse> {
    return this.db.transaction(async (tx) => {
      const { placement, week } = await this.byLink(tx, token, ip);
      return this.save(tx, placement, week, 'SUPERVISOR', body);
    });
  }

  signSupervisor(token: string, ip: string): Promise<OjtReviewResponse> {
    return this.db.transaction(async (tx) => {
      const { placement, week, linkId } = await this.byLink(tx, token, ip);
      const data = await this.sign(tx, placement, week, 'SUPERVISOR', null, placement.supervisor_name);
      await this.links.markUsed(linkId, tx);
      return { data };
    });
  }

  // ---- admins and the public -------------------------------------------------------------------

  async cohortReviews(cohortSlug: string): Promise<CohortOjtReviewsResponse> {
    const found = await sql.cohortReviewRows(this.db, cohortSlug);
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    const windows = (await this.timeline.phaseWindows(this.db, [found.id], 'OJT')).get(found.id)!;
    const today = schoolDate(new Date());
    return {
      data: found.data.map((p) => {
        const own = windows.students.get(p.user_id) ?? windows.cohort;
        const weeks = placementWeeks(own.start, own.end);
        return {
          trainee: p.trainee,
          reviews: OJT_REVIEW_WEEKS.map((week) => {
            const stored = p.reviews.find((r) => r.week === week);
            const dates = reviewDates(weeks, week);
            return { week, due_on: dates.due_on, state: stateOf(dates, !!stored?.frozen, today), signed: stored?.signed ?? [] };
          }),
        };
      }),
    };
  }

  async verify(reviewSlug: string, sha256: string): Promise<OjtReviewVerification> {
    const found = await sql.verifiedReview(this.db, reviewSlug, sha256);
    if (!found) throw new NotFoundException(OJT_REVIEW_MESSAGES.notFound);
    return found;
  }

  // ---- the rules -------------------------------------------------------------------------------

  /** The placement's three reviews, dated by the trainee's OJT window. */
  private async all(q: Sql, p: sql.ReviewPlacement): Promise<OjtReview[]> {
    const weeks = await this.weeks(q, p);
    const stored = await sql.storedReviews(q, p.id);
    return OJT_REVIEW_WEEKS.map((week) =>
      this.view(
        p,
        weeks,
        week,
        stored.find((r) => r.review_week === week),
      ),
    );
  }

  private view(p: sql.ReviewPlacement, weeks: Weeks, week: number, r: sql.StoredReview | undefined): OjtReview {
    const dates = reviewDates(weeks, week);
    return {
      week,
      ...dates,
      state: stateOf(dates, !!r?.frozen_at, schoolDate(new Date())),
      trainee_name: p.trainee_name,
      host_name: p.host_name,
      supervisor_name: p.supervisor_name,
      trainee: TraineeSectionSchema.parse(r?.trainee_section ?? {}),
      supervisor: SupervisorSectionSchema.parse(r?.supervisor_section ?? {}),
      coach: CoachSectionSchema.parse(r?.coach_section ?? {}),
      signatures: r?.signatures ?? [],
      id_slug: r?.frozen_at ? r.id_slug : null,
      sha256: r?.sha256 ?? null,
      frozen_at: r?.frozen_at ?? null,
    };
  }

  private async weeks(q: Sql, p: sql.ReviewPlacement): Promise<Weeks> {
    const windows = (await this.timeline.phaseWindows(q, [p.cohort_id], 'OJT')).get(p.cohort_id)!;
    const own = windows.students.get(p.user_id) ?? windows.cohort;
    return placementWeeks(own.start, own.end);
  }

  /** The review locked for a change by `party`: open, and their section not yet signed. */
  private async locked(tx: Sql, p: sql.ReviewPlacement, week: number, party: OjtReviewParty) {
    const weeks = await this.weeks(tx, p);
    if (stateOf(reviewDates(weeks, week), false, schoolDate(new Date())) === 'NOT_OPEN')
      throw new BadRequestException({ message: OJT_REVIEW_MESSAGES.notOpen });
    const row = await sql.lockedReview(tx, p.id, week);
    if (row.signatures.some((s) => s.party === party)) throw new ConflictException(OJT_REVIEW_MESSAGES.signed);
    return { row, weeks };
  }

  private async save(tx: Sql, p: sql.ReviewPlacement, week: number, party: OjtReviewParty, section: object): Promise<OjtReviewResponse> {
    const { row, weeks } = await this.locked(tx, p, week, party);
    await sql.saveSection(tx, row.id, party, section);
    return { data: this.view(p, weeks, week, await sql.storedReviewById(tx, row.id)) };
  }

  /** Signs `party`'s section; when it is the third signature, freezes the review into its PDF and records the file's hash. */
  private async sign(tx: Sql, p: sql.ReviewPlacement, week: number, party: OjtReviewParty, byUserId: string | null, byName: string) {
    const { row, weeks } = await this.locked(tx, p, week, party);
    if (!complete[party](this.view(p, weeks, week, row))) throw new BadRequestException({ message: OJT_REVIEW_MESSAGES.incomplete });
    await sql.recordSignature(tx, row.id, party, byUserId, byName);
    let stored = await sql.storedReviewById(tx, row.id);
    if (OJT_REVIEW_PARTIES.every((x) => stored.signatures.some((s) => s.party === x))) {
      const pdf = await buildReviewPdf(this.view(p, weeks, week, stored), {
        cohort_title: p.cohort_title,
        site: p.site,
        verify_url: `${this.mail.webOrigin}/verify/reviews/${stored.id_slug}`,
      });
      await sql.freezeReview(tx, row.id, pdf, createHash('sha256').update(pdf).digest('hex'));
      stored = await sql.storedReviewById(tx, row.id);
    }
    return this.view(p, weeks, week, stored);
  }

  /** Mails the supervisor a link to their section, once the trainee has signed theirs. */
  private async mailSupervisor(tx: Sql & DataSource['manager'], p: sql.ReviewPlacement, r: OjtReview) {
    const stored = await sql.lockedReview(tx, p.id, r.week);
    const { token } = await this.links.issue(p.id, 'REVIEW', stored.id, tx);
    await this.mail.queueMany(tx, [
      {
        template: 'ojt-review-supervisor' as const,
        to: p.supervisor_email,
        subjectId: `ojt-review:${stored.id_slug}:${Date.now()}`,
        props: {
          supervisorName: p.supervisor_name,
          traineeName: p.trainee_name,
          hostName: p.host_name,
          week: r.week,
          dueOn: DUE_DAY.format(new Date(`${r.due_on}T00:00:00Z`)),
          reviewUrl: `${this.mail.webOrigin}/supervisor/reviews/${token}`,
        },
      },
    ]);
  }

  private async pdf(p: sql.ReviewPlacement, week: number): Promise<{ file: Buffer; name: string }> {
    const found = await sql.reviewPdf(this.db, p.id, week);
    if (!found) throw new NotFoundException(OJT_REVIEW_MESSAGES.notFrozen);
    return { file: found.pdf, name: `ojt-review-week-${week}-${found.id_slug}.pdf` };
  }

  // ---- who reaches what ------------------------------------------------------------------------

  /** The caller's own placement; the same 404 for someone else's and for none. */
  private async own(q: Sql, me: AuthUser, placementSlug: string) {
    const p = await sql.ownReviewPlacement(q, placementSlug, me.id);
    if (!p) throw new NotFoundException(PLACEMENT_MESSAGES.notFound);
    return p;
  }

  /** Admins read every trainee's reviews; other staff only those of trainees they coach (else the same 404 as none). */
  private async staff(q: Sql, me: AuthUser, cohortSlug: string, userSlug: string) {
    const p = await sql.staffReviewPlacement(q, cohortSlug, userSlug, me.id);
    if (!p || !(p.is_coach || me.role === 'ADMIN')) throw new NotFoundException(COACH_MESSAGES.notFollowed);
    return p;
  }

  /** Only the trainee's coach completes and signs the coach's section (an admin who is not their coach reads it). */
  private async coach(q: Sql, me: AuthUser, cohortSlug: string, userSlug: string) {
    const p = await this.staff(q, me, cohortSlug, userSlug);
    if (!p.is_coach) throw new ForbiddenException(OJT_REVIEW_MESSAGES.notCoach);
    return p;
  }

  /** The review a supervisor's link is for (404 for an unknown token, 410 for a spent, expired or withdrawn one; the view logged). */
  private async byLink(q: Sql, token: string, ip: string) {
    const link = await this.links.open(token, 'REVIEW', ip, q);
    const placement = await sql.reviewPlacementById(q, link.placement_id);
    const review = placement && (await sql.storedReviews(q, placement.id)).find((r) => r.id === String(link.subject_id));
    if (!placement || !review) throw new NotFoundException(OJT_REVIEW_MESSAGES.notFound);
    return { placement, week: review.review_week, linkId: link.id };
  }
}

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

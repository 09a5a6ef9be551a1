import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BULK_SCREENING_REFUSED_MESSAGE,
  type AssignReviewers,
  type BulkScreening,
  type BulkScreeningResponse,
  type ReopenScreening,
  SCREENING_NOT_REOPENABLE_MESSAGE,
  canMove,
  type ConfirmScreening,
  illegalTransitionMessage,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { likePattern } from '../../common/sql/list';
import { AppConfig } from '../../config/app-config';
import { JobsService } from '../../platform/jobs/jobs.service';
import { MailService } from '../../platform/mail/mail.service';
import { mailRetryQueue } from '../../platform/mail/mail-retry';
import { checkMoves, internalId, lockAll, lockSelection } from './admission-moves';
import * as sql from './admissions.queries';
import * as reviews from './review.queries';

/** Tells a reviewer how many applications an admin has just assigned them. */
export const REVIEWER_MAIL_JOB = 'admission-reviewer-mail';
interface ReviewerMailJob {
  reviewer_id: string;
  count: number;
  assigned_by: string;
  seq: string;
}

export const SCREEN_FIRST_MESSAGE = 'Confirm the screening of every application before assigning reviewers.';
export const NOT_ELIGIBLE_MESSAGE = 'An application screened as not eligible is not reviewed.';

/** The timeline's reason of a screening confirmation. */
const screeningReason = (eligible: boolean, reason: string) =>
  eligible ? `Eligible${reason ? `: ${reason}` : ''}` : `Not eligible: ${reason}`;

/** Screening (one, in bulk, reopened) and the reviewers assigned to applications, who are mailed of it. */
@Injectable()
export class ScreeningService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(AppConfig) config: AppConfig,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(MailService) private readonly mail: MailService,
  ) {
    jobs.define<ReviewerMailJob>({
      name: REVIEWER_MAIL_JOB,
      queue: mailRetryQueue(config),
      handler: (data) => this.sendReviewerMail(data),
    });
  }

  confirmScreening(me: AuthUser, idSlug: string, body: ConfirmScreening) {
    return this.db.transaction(async (m) => {
      const [app] = await lockAll(m, [idSlug]);
      checkMoves([app], 'SCREENED');
      await sql.setScreening(m, app.id, body.eligible, body.reason);
      await sql.moveApplications(m, [app.id], 'SCREENED', me.id, screeningReason(body.eligible, body.reason));
      return { data: { id_slug: app.id_slug, status: 'SCREENED' as const } };
    });
  }

  /**
   * Many SUBMITTED applications confirmed at once (listed, or every one matching the pipeline's
   * filter), in one transaction: all or none. A refusal names each application that is not
   * SUBMITTED and its state.
   */
  bulkScreening(me: AuthUser, body: BulkScreening): Promise<BulkScreeningResponse> {
    return this.db.transaction(async (m) => {
      const apps = await lockSelection(m, body.application_ids, body.matching);
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
      const [app] = await lockAll(m, [idSlug]);
      const reopenable = app.status === 'SCREENED' || (app.status === 'REJECTED' && app.eligible === false);
      if (!reopenable) throw new ConflictException(SCREENING_NOT_REOPENABLE_MESSAGE);
      await sql.clearScreening(m, [app.id]);
      await sql.moveApplications(m, [app.id], 'SUBMITTED', me.id, `Screening reopened: ${body.reason}`);
      return { data: { id_slug: app.id_slug, status: 'SUBMITTED' as const } };
    });
  }

  async staff(search: string | undefined) {
    return { data: await reviews.staff(this.db, search ? likePattern(search) : null) };
  }

  /**
   * Every reviewer on every application (listed, or every one matching the pipeline's filter), all
   * or nothing; screened (eligible) applications move to IN_REVIEW. A refusal names each
   * application that cannot be reviewed, and why.
   */
  assignReviewers(me: AuthUser, body: AssignReviewers) {
    const reviewerIds = body.reviewer_ids;
    return this.db.transaction(async (m) => {
      const apps = await lockSelection(m, body.application_ids, body.matching);
      const reviewers = await reviews.staffByIdSlugs(m, reviewerIds);
      if (reviewers.length !== reviewerIds.length)
        throw new BadRequestException({
          message: 'Reviewers are staff accounts (ADMIN or INSTRUCTOR)',
          errors: { reviewer_ids: 'Unknown staff account' },
        });
      const why = (a: (typeof apps)[number]) =>
        a.status === 'SUBMITTED'
          ? SCREEN_FIRST_MESSAGE
          : a.status === 'SCREENED' && a.eligible === false
            ? NOT_ELIGIBLE_MESSAGE
            : a.status !== 'SCREENED' && a.status !== 'IN_REVIEW'
              ? illegalTransitionMessage(a.status, 'IN_REVIEW')
              : null;
      const refused = apps.flatMap((a) => {
        const reason = why(a);
        return reason ? [[a.id_slug, reason] as const] : [];
      });
      if (refused.length) throw new ConflictException({ message: refused[0][1], errors: Object.fromEntries(refused) });
      const added = await reviews.assign(
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
    const removed = await reviews.unassign(this.db, await internalId(this.db, idSlug), reviewerIdSlug);
    if (!removed) throw new NotFoundException('This reviewer is not assigned to the application');
    return { data: { assigned: -removed, applications: 1 } };
  }

  /** The reviewer-assignment job: one message per reviewer and assignment call. */
  async sendReviewerMail(job: ReviewerMailJob): Promise<void> {
    const facts = await reviews.reviewerMailFacts(this.db, job.reviewer_id, job.assigned_by);
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
}

import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import {
  type AdmissionDetail,
  type AdmissionListQuery,
  type AdmissionListResponse,
  type ApplicationViewPlace,
  BLIND_FIELDS,
  type BlindField,
  DECLARE_FIRST_MESSAGE,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { likePattern, orderBy, SUBMISSION_SORT } from '../../common/sql/list';
import { JobsService } from '../../platform/jobs/jobs.service';
import { StorageService } from '../../platform/storage/storage.service';
import { internalId, notFound, queueStatusMails } from './admission-moves';
import * as sql from './admissions.queries';

import { hasDeclared } from './declarations.queries';

const ORDER = { created_date: 'created_date', full_name: 'full_name', status: 'status', score: 'score' } as const;

/**
 * Admissions: the state machine of programme applications (every move checked and recorded with
 * its change in one transaction, admission-moves.ts). This service holds the pipeline's list, an
 * application's detail, timeline and the audit log of views; screening (ScreeningService), review
 * scores (ReviewScoresService), decisions and offer jobs (DecisionsService), the applicant's link
 * (ApplicantLinkService) and the state's mail (AdmissionStatusMailService) each have their own.
 */
@Injectable()
export class AdmissionsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** After submission (the applications module, in its transaction): the confirmation with the private link. */
  async submitted(m: EntityManager, applicationId: string): Promise<void> {
    await queueStatusMails(this.jobs, m, [{ id: applicationId }], 'SUBMITTED');
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
        interview: query.interview ?? null,
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

  async timeline(me: AuthUser, idSlug: string) {
    const id = await internalId(this.db, idSlug);
    await sql.recordView(this.db, id, me.id, 'admissionsTimeline');
    return { data: await sql.timeline(this.db, id) };
  }

  async views(idSlug: string) {
    return { data: await sql.applicationViews(this.db, await internalId(this.db, idSlug)) };
  }

  /** The applications a list of the applications module showed to staff, written to the audit log of views. */
  recordViews(idSlugs: string[], viewerId: string, call: ApplicationViewPlace): Promise<void> {
    return sql.recordViews(this.db, idSlugs, viewerId, call);
  }

  /** The older admin detail call (applications module) is audited too. */
  async recordView(idSlug: string, viewerId: string, call: ApplicationViewPlace): Promise<void> {
    const id = await sql.applicationIdOf(this.db, idSlug);
    if (id) await sql.recordView(this.db, id, viewerId, call);
  }
}

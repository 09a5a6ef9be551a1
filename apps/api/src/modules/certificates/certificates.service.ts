import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AddCertificateToCohortResponse,
  AdminCertificateListQuery,
  AdminCertificateListResponse,
  CertificateRules,
  CertificateRulesResponse,
  CohortCertificateRulesResponse,
  CreateCertificate,
  CredentialVerification,
  IssuedCertificate,
  IssuedCertificatesQuery,
  IssuedCertificatesResponse,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { toCsv } from '../../common/csv/csv';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { JobsService } from '../../platform/jobs/jobs.service';
import { NotificationsService } from '../notifications';
import {
  addCertificateToCohort,
  allIssuedCertificates,
  cohortCertificateRules,
  createCertificate,
  issueByHand,
  issuedCertificate,
  issuedCertificates,
  issueEarnedCertificates,
  listCertificates,
  revokeCredential,
  updateCertificateRules,
  verification,
} from './certificates.queries';

/** Evaluates one cohort's certificate rules; at most one waits and one runs per cohort (stately, keyed by cohort). */
export const EVALUATE_CERTIFICATES_JOB = 'certificates-evaluate';
/** The recurring sweep over every cohort, for what no event announces (a rule changed by time, a missed job). */
export const SWEEP_CERTIFICATES_JOB = 'certificates-sweep';
export const CERTIFICATE_NOT_LINKED = 'This certificate is not linked to the cohort';
export const STUDENT_NOT_IN_COHORT = 'This student is not in the cohort';
export const CERTIFICATE_ALREADY_ISSUED = 'This certificate is already issued to the student';
export const CREDENTIAL_NOT_FOUND = 'Credential not found';
export const CREDENTIAL_ALREADY_REVOKED = 'This certificate is already revoked';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const CERTIFICATE_ALREADY_LINKED = 'This certificate is already linked to the cohort!';

@Injectable()
export class CertificatesService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {
    jobs.define<{ cohort_id: string }>({
      name: EVALUATE_CERTIFICATES_JOB,
      queue: { policy: 'stately', retryLimit: 5, retryDelay: 30, retryBackoff: true },
      handler: (data) => this.issueEarned(data.cohort_id),
    });
    jobs.define({
      name: SWEEP_CERTIFICATES_JOB,
      cron: '*/15 * * * *',
      queue: { retryLimit: 2, retryDelay: 60 },
      handler: () => this.issueEarned(null),
    });
  }

  /**
   * Call inside the transaction of anything that can change whether students meet a certificate's
   * rules (a lesson completed, a grade saved or released): queues one evaluation per cohort,
   * coalesced with any already waiting for that cohort.
   */
  async queueEvaluation(m: EntityManager, cohortIds: readonly string[]): Promise<void> {
    for (const id of new Set(cohortIds)) {
      await this.jobs.send(m, EVALUATE_CERTIFICATES_JOB, { cohort_id: String(id) }, { singletonKey: `cohort:${id}` });
    }
  }

  /** Issues every certificate students of a cohort (null: of every cohort) have earned, with its notice; answers how many. */
  async issueEarned(cohortId: string | null): Promise<number> {
    return this.db.transaction(async (m) => {
      const issued = await issueEarnedCertificates(m, cohortId);
      for (const { id } of issued) await this.notifications.certificateIssued(m, id);
      return issued.length;
    });
  }

  async rules(cohortIdSlug: string): Promise<CohortCertificateRulesResponse> {
    const row = await cohortCertificateRules(this.db, cohortIdSlug);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row;
  }

  /** New rules apply at once: the cohort's evaluation is queued with the change. */
  async updateRules(cohortIdSlug: string, certificateIdSlug: string, rules: CertificateRules): Promise<CertificateRulesResponse> {
    return this.db.transaction(async (m) => {
      const row = await updateCertificateRules(m, cohortIdSlug, certificateIdSlug, rules);
      if (!row) throw new NotFoundException(CERTIFICATE_NOT_LINKED);
      await this.queueEvaluation(m, [row.cohort_id]);
      return row.rules;
    });
  }

  async issued(cohortIdSlug: string, q: IssuedCertificatesQuery): Promise<IssuedCertificatesResponse> {
    const res = await issuedCertificates(this.db, cohortIdSlug, q);
    if (!res) throw new NotFoundException(COHORT_NOT_FOUND);
    return res;
  }

  async issuedCsv(cohortIdSlug: string, state?: 'ISSUED' | 'REVOKED'): Promise<string> {
    const list = await allIssuedCertificates(this.db, cohortIdSlug, state);
    if (!list) throw new NotFoundException(COHORT_NOT_FOUND);
    return toCsv(
      [
        'Credential ID',
        'State',
        'Certificate',
        'First name',
        'Last name',
        'Email',
        'Issued at',
        'Issue reason',
        'Revoked at',
        'Revoke reason',
      ],
      list.map((c) => [
        c.credential_id,
        c.state,
        c.certificate_title,
        c.first_name,
        c.last_name,
        c.email,
        c.issued_at,
        c.issue_reason,
        c.revoked_at,
        c.revoke_reason,
      ]),
    );
  }

  /** Issues (or reissues after a revocation) by hand, whatever the rules, recording who and why; the student is told. */
  async issue(
    adminId: string,
    cohortIdSlug: string,
    certificateIdSlug: string,
    userIdSlug: string,
    reason: string,
  ): Promise<IssuedCertificate> {
    const credentialId = await this.db.transaction(async (m) => {
      const row = await issueByHand(m, cohortIdSlug, certificateIdSlug, userIdSlug, adminId, reason);
      if (!row.linked) throw new NotFoundException(CERTIFICATE_NOT_LINKED);
      if (!row.enrolled) throw new NotFoundException(STUDENT_NOT_IN_COHORT);
      if (!row.credential_id) throw new ConflictException(CERTIFICATE_ALREADY_ISSUED);
      await this.notifications.certificateIssued(m, row.user_certificate_id!);
      return row.credential_id;
    });
    return (await issuedCertificate(this.db, credentialId))!;
  }

  async revoke(adminId: string, credentialId: string, reason: string): Promise<IssuedCertificate> {
    const row = await revokeCredential(this.db, credentialId, adminId, reason);
    if (!row.found) throw new NotFoundException(CREDENTIAL_NOT_FOUND);
    if (!row.revoked) throw new ConflictException(CREDENTIAL_ALREADY_REVOKED);
    return (await issuedCertificate(this.db, credentialId))!;
  }

  async verify(credentialId: string): Promise<CredentialVerification> {
    const row = await verification(this.db, credentialId);
    if (!row) throw new NotFoundException(CREDENTIAL_NOT_FOUND);
    return row;
  }

  /** One statement; `cohort_id_slug` keeps the cohort's certificates, `exclude_cohort_id_slug` those it lacks. */
  list(q: AdminCertificateListQuery): Promise<AdminCertificateListResponse> {
    return listCertificates(this.db, q);
  }

  create(body: CreateCertificate): Promise<{ id_slug: string }> {
    return createCertificate(this.db, body);
  }

  /** A certificate linked to a cohort applies at once: students who already meet its rules get it from the evaluation queued with the link. */
  async addToCohort(cohortIdSlug: string, certificateIdSlug: string): Promise<AddCertificateToCohortResponse> {
    return this.db.transaction(async (m) => {
      const row = await addCertificateToCohort(m, cohortIdSlug, certificateIdSlug);
      if (!row.cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      if (!row.certificate) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
      if (!row.linked) throw new ConflictException(CERTIFICATE_ALREADY_LINKED);
      await this.queueEvaluation(m, [row.cohort_id!]);
      return { cohort_id_slug: cohortIdSlug, certificate_id_slug: certificateIdSlug };
    });
  }
}

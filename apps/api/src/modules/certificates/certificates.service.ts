import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AddCertificateToCohortResponse,
  AdminCertificateListQuery,
  AdminCertificateListResponse,
  CreateCertificate,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { addCertificateToCohort, createCertificate, listCertificates } from './certificates.queries';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const CERTIFICATE_ALREADY_LINKED = 'This certificate is already linked to the cohort!';

@Injectable()
export class CertificatesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement; `cohort_id_slug` keeps the cohort's certificates, `exclude_cohort_id_slug` those it lacks. */
  list(q: AdminCertificateListQuery): Promise<AdminCertificateListResponse> {
    return listCertificates(this.db, q);
  }

  create(body: CreateCertificate): Promise<{ id_slug: string }> {
    return createCertificate(this.db, body);
  }

  async addToCohort(cohortIdSlug: string, certificateIdSlug: string): Promise<AddCertificateToCohortResponse> {
    const row = await addCertificateToCohort(this.db, cohortIdSlug, certificateIdSlug);
    if (!row.cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    if (!row.certificate) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    if (!row.linked) throw new ConflictException(CERTIFICATE_ALREADY_LINKED);
    return { cohort_id_slug: cohortIdSlug, certificate_id_slug: certificateIdSlug };
  }
}

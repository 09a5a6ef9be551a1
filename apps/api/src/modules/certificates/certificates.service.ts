import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AddCertificateToCohortResponse,
  AdminCertificateListQuery,
  AdminCertificateListResponse,
  CreateCertificate,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { COHORT_NOT_FOUND } from '../cohorts/cohorts.service';
import { iso, likePattern, numPages, orderBy, pageOffset } from '../courses/admin-list';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const CERTIFICATE_ALREADY_LINKED = 'This certificate is already linked to the cohort!';

const SORTS = { title: 'lower(title)', created_date: 'created_date' };

@Injectable()
export class CertificatesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement; `cohort_id_slug` keeps the cohort's certificates, `exclude_cohort_id_slug` those it lacks. */
  async list(q: AdminCertificateListQuery): Promise<AdminCertificateListResponse> {
    const order = orderBy(q.order_by, SORTS, '-created_date', 'id');
    const params: unknown[] = [q.page_size, pageOffset(q)];
    const where: string[] = [];
    if (q.search_query) {
      params.push(likePattern(q.search_query));
      where.push(`c.title ILIKE $${params.length}`);
    }
    for (const [slug, negate] of [[q.cohort_id_slug, ''], [q.exclude_cohort_id_slug, 'NOT ']] as const) {
      if (!slug) continue;
      params.push(slug);
      where.push(`${negate}EXISTS (SELECT 1 FROM cohort_certificates kc JOIN cohorts k ON k.id = kc.cohort_id
                                   WHERE kc.certificate_id = c.id AND k.id_slug = $${params.length})`);
    }
    const [row] = await this.db.query(
      `WITH f AS NOT MATERIALIZED (SELECT c.* FROM certificates c ${where.length ? `WHERE ${where.join(' AND ')}` : ''})
       SELECT (SELECT count(*)::int FROM f) AS count,
              COALESCE((
                SELECT json_agg(json_build_object(
                  'id_slug', p.id_slug, 'title', p.title, 'provider', to_json(p.provider), 'created_date', ${iso('p.created_date')},
                  'cohorts_count', (SELECT count(*) FROM cohort_certificates kc WHERE kc.certificate_id = p.id)::int) ORDER BY p.n)
                  FROM (SELECT f.*, row_number() OVER (ORDER BY ${order}) AS n FROM f ORDER BY ${order} LIMIT $1 OFFSET $2) p
              ), '[]'::json) AS data`,
      params,
    );
    return { data: row.data, count: row.count, num_pages: numPages(row.count, q.page_size) };
  }

  async create(body: CreateCertificate): Promise<{ id_slug: string }> {
    const [row] = await this.db.query(`INSERT INTO certificates (title, provider) VALUES ($1, $2) RETURNING id_slug`, [body.title, body.provider]);
    return { id_slug: row.id_slug };
  }

  async addToCohort(cohortIdSlug: string, certificateIdSlug: string): Promise<AddCertificateToCohortResponse> {
    const [row] = await this.db.query(
      `WITH k AS (SELECT id FROM cohorts WHERE id_slug = $1), c AS (SELECT id FROM certificates WHERE id_slug = $2),
       linked AS (
         INSERT INTO cohort_certificates (cohort_id, certificate_id) SELECT k.id, c.id FROM k, c
         ON CONFLICT (cohort_id, certificate_id) DO NOTHING RETURNING cohort_id)
       SELECT EXISTS (SELECT 1 FROM k) AS cohort, EXISTS (SELECT 1 FROM c) AS certificate, EXISTS (SELECT 1 FROM linked) AS linked`,
      [cohortIdSlug, certificateIdSlug],
    );
    if (!row.cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    if (!row.certificate) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    if (!row.linked) throw new ConflictException(CERTIFICATE_ALREADY_LINKED);
    return { cohort_id_slug: cohortIdSlug, certificate_id_slug: certificateIdSlug };
  }
}

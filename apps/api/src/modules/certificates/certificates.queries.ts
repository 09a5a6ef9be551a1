import type { AdminCertificateListQuery, AdminCertificateListResponse, CreateCertificate } from '@school/contracts';
import { mustOne, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy } from '../../common/sql/list';

const SORTS = { title: 'lower(title)', created_date: 'created_date' };

/** One statement; `cohort_id_slug` keeps the cohort's certificates, `exclude_cohort_id_slug` those it lacks. */
export function listCertificates(q: Sql, query: AdminCertificateListQuery) {
  const order = orderBy(query.order_by, SORTS, '-created_date');
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    where.push(`c.title ILIKE $${params.length}`);
  }
  for (const [slug, negate] of [
    [query.cohort_id_slug, ''],
    [query.exclude_cohort_id_slug, 'NOT '],
  ] as const) {
    if (!slug) continue;
    params.push(slug);
    where.push(`${negate}EXISTS (SELECT 1 FROM cohort_certificates kc JOIN cohorts k ON k.id = kc.cohort_id
                                 WHERE kc.certificate_id = c.id AND k.id_slug = $${params.length})`);
  }
  return listPage<AdminCertificateListResponse['data'][number]>(q, {
    matching: `SELECT c.* FROM certificates c ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    order,
    item: `json_build_object(
      'id_slug', p.id_slug, 'title', p.title, 'provider', to_json(p.provider), 'created_date', ${iso('p.created_date')},
      'cohorts_count', (SELECT count(*) FROM cohort_certificates kc WHERE kc.certificate_id = p.id)::int)`,
    params,
    page: query,
  });
}

export function createCertificate(q: Sql, body: CreateCertificate): Promise<{ id_slug: string }> {
  return mustOne(q, `INSERT INTO certificates (title, provider) VALUES ($1, $2) RETURNING id_slug`, [body.title, body.provider]);
}

/** Links a certificate to a cohort; says which of the two exists and whether the link is new. */
export function addCertificateToCohort(q: Sql, cohortIdSlug: string, certificateIdSlug: string) {
  return mustOne<{ cohort: boolean; certificate: boolean; linked: boolean }>(
    q,
    `WITH k AS (SELECT id FROM cohorts WHERE id_slug = $1), c AS (SELECT id FROM certificates WHERE id_slug = $2),
     linked AS (
       INSERT INTO cohort_certificates (cohort_id, certificate_id) SELECT k.id, c.id FROM k, c
       ON CONFLICT (cohort_id, certificate_id) DO NOTHING RETURNING cohort_id)
     SELECT EXISTS (SELECT 1 FROM k) AS cohort, EXISTS (SELECT 1 FROM c) AS certificate, EXISTS (SELECT 1 FROM linked) AS linked`,
    [cohortIdSlug, certificateIdSlug],
  );
}

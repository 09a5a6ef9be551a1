import {
  type AdminCertificateListQuery,
  type AdminCertificateListResponse,
  type CertificateRules,
  type CertificateRulesResponse,
  type CreateCertificate,
  type CredentialVerification,
  DEFAULT_CERTIFICATE_PROVIDER,
  type IssuedCertificate,
  type IssuedCertificatesQuery,
} from '@school/contracts';
import type { JWK } from 'jose';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy, page } from '../../common/sql/list';

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
      'cohorts_count', coalesce(json_array_length(cu.cohorts), 0),
      'issued_count', coalesce(cu.issued_count, 0),
      'cohorts', coalesce(cu.cohorts, '[]'))`,
    // Where the page's certificates are used: their cohorts, each with the certificates issued there
    // (user_certificates' unique (certificate_id, cohort_id, user_id) index serves the count).
    join: `LEFT JOIN LATERAL (
             SELECT json_agg(json_build_object('id_slug', k.id_slug, 'title', k.title, 'issued_count', n.issued)
                             ORDER BY k.start_date DESC, k.id) AS cohorts,
                    sum(n.issued)::int AS issued_count
               FROM cohort_certificates kc JOIN cohorts k ON k.id = kc.cohort_id
               CROSS JOIN LATERAL (SELECT count(*)::int AS issued FROM user_certificates uc
                                    WHERE uc.certificate_id = kc.certificate_id AND uc.cohort_id = kc.cohort_id
                                      AND uc.progress = 'COMPLETED') n
              WHERE kc.certificate_id = p.id) cu ON true`,
    params,
    page: query,
  });
}

export function createCertificate(q: Sql, body: CreateCertificate): Promise<{ id_slug: string }> {
  return mustOne(q, `INSERT INTO certificates (title, provider) VALUES ($1, $2) RETURNING id_slug`, [body.title, body.provider]);
}

/** Links a certificate to a cohort; says which of the two exists and whether the link is new. */
export function addCertificateToCohort(q: Sql, cohortIdSlug: string, certificateIdSlug: string) {
  return mustOne<{ cohort: boolean; certificate: boolean; linked: boolean; cohort_id: string | null }>(
    q,
    `WITH k AS (SELECT id FROM cohorts WHERE id_slug = $1), c AS (SELECT id FROM certificates WHERE id_slug = $2),
     linked AS (
       INSERT INTO cohort_certificates (cohort_id, certificate_id) SELECT k.id, c.id FROM k, c
       ON CONFLICT (cohort_id, certificate_id) DO NOTHING RETURNING cohort_id)
     SELECT EXISTS (SELECT 1 FROM k) AS cohort, EXISTS (SELECT 1 FROM c) AS certificate, EXISTS (SELECT 1 FROM linked) AS linked,
            (SELECT cohort_id FROM linked) AS cohort_id`,
    [cohortIdSlug, certificateIdSlug],
  );
}

// ---- issuing -----------------------------------------------------------------------------

const RULES_JSON = `json_build_object('cohort_id_slug', k.id_slug, 'certificate_id_slug', ce.id_slug, 'certificate_title', ce.title,
  'min_lessons_percent', kc.min_lessons_percent::float8, 'require_mandatory_graded', kc.require_mandatory_graded,
  'min_weighted_total', kc.min_weighted_total::float8)`;

/** A cohort's certificates with their rules, or undefined when the cohort does not exist. */
export async function cohortCertificateRules(q: Sql, cohortIdSlug: string) {
  return one<{ data: CertificateRulesResponse[] }>(
    q,
    `SELECT coalesce((SELECT json_agg(${RULES_JSON} ORDER BY kc.created_date, ce.id)
                        FROM cohort_certificates kc JOIN certificates ce ON ce.id = kc.certificate_id
                       WHERE kc.cohort_id = k.id), '[]') AS data
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortIdSlug],
  );
}

/** Sets the rules of a cohort's certificate; answers the rules (with the cohort's id), or none when not linked. */
export function updateCertificateRules(q: Sql, cohortIdSlug: string, certificateIdSlug: string, r: CertificateRules) {
  return one<{ rules: CertificateRulesResponse; cohort_id: string }>(
    q,
    `UPDATE cohort_certificates kc
        SET min_lessons_percent = $3, require_mandatory_graded = $4, min_weighted_total = $5
       FROM cohorts k, certificates ce
      WHERE k.id = kc.cohort_id AND ce.id = kc.certificate_id AND k.id_slug = $1 AND ce.id_slug = $2
      RETURNING ${RULES_JSON} AS rules, k.id AS cohort_id`,
    [cohortIdSlug, certificateIdSlug, r.min_lessons_percent, r.require_mandatory_graded, r.min_weighted_total],
  );
}

/**
 * Issues every certificate whose rules a student meets, for one cohort ($1; NULL: every cohort), in
 * one statement: certificate_progress() measures all the students at once; a new certificate or
 * one still IN_PROGRESS becomes COMPLETED with a fresh credential; a COMPLETED or REVOKED one is
 * left alone (issuing is idempotent, and a revoked certificate is only reissued by hand). Two
 * runs at once meet on the unique (certificate, cohort, user): the second sees it completed.
 * Answers the ids of the certificates issued now.
 */
export function issueEarnedCertificates(q: Sql, cohortId: string | null) {
  return rows<{ id: string }>(
    q,
    `WITH met AS (SELECT cohort_id, certificate_id, user_id FROM certificate_progress($1::bigint, NULL) WHERE met),
     issued AS (
       INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress, completion_date, credential_id)
       SELECT certificate_id, cohort_id, user_id, 'COMPLETED', now(), replace(gen_random_uuid()::text, '-', '') FROM met
       ON CONFLICT (certificate_id, cohort_id, user_id) DO UPDATE
         SET progress = 'COMPLETED', completion_date = now(), credential_id = EXCLUDED.credential_id, document_id_slug = NULL
         WHERE user_certificates.progress = 'IN_PROGRESS'
       RETURNING id, credential_id),
     credentials AS (
       INSERT INTO certificate_credentials (credential_id, user_certificate_id) SELECT credential_id, id FROM issued RETURNING 1)
     SELECT id FROM issued`,
    [cohortId],
  );
}

/** A cohort's internal id by its slug. */
export async function cohortIdOf(q: Sql, cohortIdSlug: string): Promise<string | undefined> {
  return (await one<{ id: string }>(q, `SELECT id FROM cohorts WHERE id_slug = $1`, [cohortIdSlug]))?.id;
}

const ISSUED_JSON = (c: string) => `json_build_object(
  'credential_id', ${c}.credential_id, 'state', CASE WHEN ${c}.revoked_at IS NULL THEN 'ISSUED' ELSE 'REVOKED' END,
  'certificate_id_slug', ${c}.certificate_id_slug, 'certificate_title', ${c}.certificate_title,
  'user_id_slug', ${c}.user_id_slug, 'first_name', ${c}.first_name, 'last_name', ${c}.last_name, 'email', ${c}.email,
  'issued_at', ${iso(`${c}.issued_at`)}, 'issue_reason', ${c}.issue_reason,
  'revoked_at', ${iso(`${c}.revoked_at`)}, 'revoke_reason', ${c}.revoke_reason)`;

const ISSUED_ROWS = `SELECT cr.credential_id, cr.issued_at, cr.issue_reason, cr.revoked_at, cr.revoke_reason,
       ce.id_slug AS certificate_id_slug, ce.title AS certificate_title,
       u.id_slug AS user_id_slug, u.first_name, u.last_name, u.email, uc.cohort_id, cr.user_certificate_id AS id
  FROM certificate_credentials cr
  JOIN user_certificates uc ON uc.id = cr.user_certificate_id
  JOIN certificates ce ON ce.id = uc.certificate_id
  JOIN users u ON u.id = uc.user_id`;

const ISSUED_SORTS = { issued_at: 'issued_at', last_name: 'lower(last_name)', certificate_title: 'lower(certificate_title)' };

/** One page of a cohort's credentials (issued and revoked), newest first; undefined when the cohort does not exist. */
export async function issuedCertificates(q: Sql, cohortIdSlug: string, query: IssuedCertificatesQuery) {
  const order = orderBy(query.order_by, ISSUED_SORTS, '-issued_at', 'credential_id');
  const params: unknown[] = [cohortIdSlug];
  const where = ['uc.cohort_id = (SELECT id FROM k)'];
  if (query.state) where.push(query.state === 'ISSUED' ? 'cr.revoked_at IS NULL' : 'cr.revoked_at IS NOT NULL');
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    where.push(`(u.first_name || ' ' || u.last_name || ' ' || u.email || ' ' || ce.title) ILIKE $${params.length}`);
  }
  const res = await page<IssuedCertificate>(q, {
    with: `k AS (SELECT id FROM cohorts WHERE id_slug = $1)`,
    matching: `${ISSUED_ROWS} WHERE ${where.join(' AND ')}`,
    order,
    item: ISSUED_JSON('p'),
    params,
    page: query,
    from: 'FROM k',
  });
  return res && { ...res, num_pages: Math.ceil(res.count / query.page_size) };
}

/** Every credential of a cohort for the export, newest first; undefined when the cohort does not exist. */
export async function allIssuedCertificates(q: Sql, cohortIdSlug: string, state: 'ISSUED' | 'REVOKED' | undefined) {
  const row = await one<{ data: IssuedCertificate[] }>(
    q,
    `SELECT coalesce((SELECT json_agg(${ISSUED_JSON('x')} ORDER BY x.issued_at DESC, x.credential_id)
                        FROM (${ISSUED_ROWS} WHERE uc.cohort_id = k.id
                                AND ($2::text IS NULL OR ($2 = 'ISSUED') = (cr.revoked_at IS NULL))) x), '[]') AS data
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortIdSlug, state ?? null],
  );
  return row?.data;
}

/** One credential as the admin list shows it. */
export async function issuedCertificate(q: Sql, credentialId: string) {
  return (
    await one<{ j: IssuedCertificate }>(q, `SELECT ${ISSUED_JSON('x')} AS j FROM (${ISSUED_ROWS} WHERE cr.credential_id = $1) x`, [
      credentialId,
    ])
  )?.j;
}

/**
 * Issues a cohort's certificate to one of its students by hand ($1 cohort, $2 certificate, $3
 * user, $4 admin id, $5 reason), whatever the rules say: new, IN_PROGRESS and REVOKED certificates
 * get a fresh credential (a revoked one stays revoked). Answers what it found and the credential
 * issued, if any (none when the certificate is issued already).
 */
export function issueByHand(q: Sql, cohortIdSlug: string, certificateIdSlug: string, userIdSlug: string, adminId: string, reason: string) {
  return mustOne<{ linked: boolean; enrolled: boolean; credential_id: string | null; user_certificate_id: string | null }>(
    q,
    `WITH target AS (
       SELECT kc.cohort_id, kc.certificate_id, e.user_id
         FROM cohorts k JOIN cohort_certificates kc ON kc.cohort_id = k.id JOIN certificates ce ON ce.id = kc.certificate_id
         JOIN enrolments e ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
        WHERE k.id_slug = $1 AND ce.id_slug = $2 AND u.id_slug = $3),
     issued AS (
       INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress, completion_date, credential_id)
       SELECT certificate_id, cohort_id, user_id, 'COMPLETED', now(), replace(gen_random_uuid()::text, '-', '') FROM target
       ON CONFLICT (certificate_id, cohort_id, user_id) DO UPDATE
         SET progress = 'COMPLETED', completion_date = now(), credential_id = EXCLUDED.credential_id, document_id_slug = NULL
         WHERE user_certificates.progress <> 'COMPLETED'
       RETURNING id, credential_id),
     credentials AS (
       INSERT INTO certificate_credentials (credential_id, user_certificate_id, issued_by, issue_reason)
       SELECT credential_id, id, $4, $5 FROM issued RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM cohorts k JOIN cohort_certificates kc ON kc.cohort_id = k.id JOIN certificates ce ON ce.id = kc.certificate_id
                     WHERE k.id_slug = $1 AND ce.id_slug = $2) AS linked,
            EXISTS (SELECT 1 FROM target) AS enrolled,
            (SELECT credential_id FROM issued) AS credential_id, (SELECT id FROM issued) AS user_certificate_id`,
    [cohortIdSlug, certificateIdSlug, userIdSlug, adminId, reason],
  );
}

/**
 * Revokes a credential ($1) with a reason: the credential records when, by whom and why, and its
 * certificate becomes REVOKED when it is the current one. Answers whether the credential exists
 * and whether this call revoked it (false: it was revoked before).
 */
export function revokeCredential(q: Sql, credentialId: string, adminId: string, reason: string) {
  return mustOne<{ found: boolean; revoked: boolean }>(
    q,
    `WITH revoked AS (
       UPDATE certificate_credentials SET revoked_at = now(), revoked_by = $2, revoke_reason = $3
        WHERE credential_id = $1 AND revoked_at IS NULL RETURNING user_certificate_id),
     certificate AS (
       UPDATE user_certificates uc SET progress = 'REVOKED', document_id_slug = NULL
         FROM revoked r WHERE uc.id = r.user_certificate_id AND uc.credential_id = $1 RETURNING uc.id)
     SELECT EXISTS (SELECT 1 FROM certificate_credentials WHERE credential_id = $1) AS found,
            EXISTS (SELECT 1 FROM revoked) AS revoked`,
    [credentialId, adminId, reason],
  );
}

/** What the public verification page shows of a credential, or none when unknown. */
export function verification(q: Sql, credentialId: string) {
  return one<CredentialVerification>(
    q,
    `SELECT CASE WHEN cr.revoked_at IS NULL THEN 'VALID' ELSE 'REVOKED' END AS status, cr.credential_id,
            btrim(u.first_name || ' ' || u.last_name) AS holder_name, ce.title AS certificate_title, k.title AS cohort_title,
            CASE WHEN cardinality(ce.provider) > 0 THEN ce.provider ELSE ARRAY[$2::text] END AS issuer,
            ${iso('cr.issued_at')} AS issued_at, ${iso('cr.revoked_at')} AS revoked_at
       FROM certificate_credentials cr
       JOIN user_certificates uc ON uc.id = cr.user_certificate_id
       JOIN users u ON u.id = uc.user_id
       JOIN certificates ce ON ce.id = uc.certificate_id
       JOIN cohorts k ON k.id = uc.cohort_id
      WHERE cr.credential_id = $1`,
    [credentialId, DEFAULT_CERTIFICATE_PROVIDER],
  );
}

// ---- Open Badges -------------------------------------------------------------------------

export function signingKeyRow(q: Sql) {
  return one<{ kid: string; public_jwk: JWK; private_jwk: JWK }>(q, `SELECT kid, public_jwk, private_jwk FROM credential_signing_key`);
}

/** Stores the signing key unless another replica stored one first (the first stays). */
export function saveSigningKey(q: Sql, kid: string, publicJwk: JWK, privateJwk: JWK) {
  return exec(q, `INSERT INTO credential_signing_key (kid, public_jwk, private_jwk) VALUES ($1, $2, $3) ON CONFLICT (one) DO NOTHING`, [
    kid,
    publicJwk,
    privateJwk,
  ]);
}

/** What a credential's badge says: the verification's details, the holder's email (hashed in it), the certificate and the credential's status list bit. */
export function badgeDetails(q: Sql, credentialId: string) {
  return one<CredentialVerification & { certificate_id_slug: string; status_index: number; email: string }>(
    q,
    `SELECT cr.credential_id, btrim(u.first_name || ' ' || u.last_name) AS holder_name, u.email, ce.title AS certificate_title,
            ce.id_slug AS certificate_id_slug, k.title AS cohort_title, cr.status_index,
            CASE WHEN cardinality(ce.provider) > 0 THEN ce.provider ELSE ARRAY[$2::text] END AS issuer,
            ${iso('cr.issued_at')} AS issued_at
       FROM certificate_credentials cr
       JOIN user_certificates uc ON uc.id = cr.user_certificate_id
       JOIN users u ON u.id = uc.user_id
       JOIN certificates ce ON ce.id = uc.certificate_id
       JOIN cohorts k ON k.id = uc.cohort_id
      WHERE cr.credential_id = $1`,
    [credentialId, DEFAULT_CERTIFICATE_PROVIDER],
  );
}

/** The status list bits of every revoked credential, and of every credential deleted with its certificate. */
export async function revokedStatusIndexes(q: Sql): Promise<number[]> {
  return (
    await rows<{ status_index: number }>(
      q,
      `SELECT status_index FROM certificate_credentials WHERE revoked_at IS NOT NULL
       UNION ALL SELECT status_index FROM withdrawn_credential_statuses`,
    )
  ).map((r) => r.status_index);
}

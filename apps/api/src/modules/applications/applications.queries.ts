import type { Application, ApplicationListResponse } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { listPage, type PageQuery } from '../../common/sql/list';

/** Every stored column, named as the API answers it (booleans as the strings 'true'/'false'). */
const APPLICATION_COLUMNS = `a.id_slug, a.created_date, a.course, a.email, a.full_name, a.age,
  a.dob_year AS "dobYear", a.dob_month AS "dobMonth", a.dob_date AS "dobDate", a.gender, a.ethnicity,
  a.marital_status, a.full_address, a.state, a.city, a.postcode, a.linkedin, a.phone, a.secondary_phone,
  a.highest_qualification, a.uni_name, a.degree_name, a.country_study, a.field_study, a.qualification_type,
  a.academic_result, a.grad_year, a.english_qualification, a.english_score, a.prev_employment,
  a.employment_details, a.prev_leadership, a.leadership_details,
  a.is_citizen::text AS is_citizen, a.can_participate::text AS can_participate, a.can_device::text AS can_device,
  a.can_relocate::text AS can_relocate, a.status, a.eligibility`;

/** $1 the search pattern (or null), $2 the course (or null). */
const FILTER = `($1::text IS NULL OR (a.full_name || ' ' || a.email || ' ' || a.phone) ILIKE $1)
  AND ($2::text IS NULL OR a.course = $2)`;

/** The internal id of a stored file of this purpose. */
export async function storedFileId(q: Sql, idSlug: string, purpose: string): Promise<string | undefined> {
  return (await one<{ id: string }>(q, `SELECT id FROM stored_files WHERE id_slug = $1 AND purpose = $2`, [idSlug, purpose]))?.id;
}

/** The first entry of a new application's timeline: submitted (by the applicant, so no actor). */
export function recordSubmitted(q: Sql, applicationId: string) {
  return exec(q, `INSERT INTO application_transitions (application_id, from_status, to_status) VALUES ($1, NULL, 'SUBMITTED')`, [
    applicationId,
  ]);
}

/** Whether this email already applied to the intake. */
export async function hasApplied(q: Sql, intake: string, email: string): Promise<boolean> {
  const row = await one(q, `SELECT 1 FROM programme_applications WHERE intake = $1 AND lower(email) = lower($2)`, [intake, email]);
  return row !== undefined;
}

/** One statement: the filtered count and the requested page. */
export function listApplications(q: Sql, search: string | null, course: string | null, order: string, page: PageQuery) {
  return listPage<ApplicationListResponse['data'][number]>(q, {
    matching: `SELECT a.id, a.id_slug, a.status, a.created_date, a.full_name, a.email, a.phone, a.course, a.state,
                      a.highest_qualification, a.grad_year
                 FROM programme_applications a WHERE ${FILTER}`,
    order,
    item: `json_build_object(
      'id_slug', p.id_slug, 'status', p.status, 'created_date', p.created_date, 'full_name', p.full_name, 'email', p.email,
      'phone', p.phone, 'course', p.course, 'state', p.state, 'highest_qualification', p.highest_qualification,
      'grad_year', p.grad_year)`,
    params: [search, course],
    page,
  });
}

/** An application's fields with its files' id_slugs. */
export type ApplicationRow = Omit<Application, 'created_date' | 'resume' | 'transcript'> & {
  created_date: Date;
  resume_slug: string | null;
  transcript_slug: string | null;
};

export function applicationDetail(q: Sql, idSlug: string) {
  return one<ApplicationRow>(
    q,
    `SELECT ${APPLICATION_COLUMNS}, r.id_slug AS resume_slug, tr.id_slug AS transcript_slug
     FROM programme_applications a
     LEFT JOIN stored_files r ON r.id = a.resume_file_id
     LEFT JOIN stored_files tr ON tr.id = a.transcript_file_id
     WHERE a.id_slug = $1`,
    [idSlug],
  );
}

/** Every matching application with its files' names, in `order` (columns of alias `a`). */
/**
 * The applications of the export, in the list's order. Each exported application is written to the
 * audit log of views (the export shows every field), in the same statement.
 */
export function exportApplications(q: Sql, search: string | null, course: string | null, order: string, viewerId: string) {
  return rows<Record<string, unknown>>(
    q,
    `WITH picked AS (
       SELECT a.id AS internal_id, row_number() OVER (ORDER BY ${order}) AS n,
              ${APPLICATION_COLUMNS}, r.original_name AS resume_file, tr.original_name AS transcript_file
         FROM programme_applications a
         LEFT JOIN stored_files r ON r.id = a.resume_file_id
         LEFT JOIN stored_files tr ON tr.id = a.transcript_file_id
        WHERE ${FILTER}),
     logged AS (
       INSERT INTO application_views (application_id, viewer_id, call)
       SELECT internal_id, $3, 'adminApplicationExport' FROM picked)
     SELECT * FROM picked ORDER BY n`,
    [search, course, viewerId],
  );
}

/** Takes the transaction's advisory lock named `name` unless another holds it; answers whether it did. */
export async function tryLock(q: Sql, name: string): Promise<boolean> {
  return (await mustOne<{ locked: boolean }>(q, `SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [name])).locked;
}

/** Deletes the uploads of `purpose` older than `age` that no application refers to; answers their storage keys. */
export async function deleteOrphanUploads(q: Sql, purpose: string, age: string): Promise<string[]> {
  const gone = await rows<{ storage_key: string }>(
    q,
    `WITH gone AS (DELETE FROM stored_files f
      WHERE f.purpose = $1 AND f.created_date < now() - $2::interval
        AND NOT EXISTS (SELECT 1 FROM programme_applications a WHERE a.resume_file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM programme_applications a WHERE a.transcript_file_id = f.id)
      RETURNING f.storage_key)
     SELECT storage_key FROM gone`,
    [purpose, age],
  );
  return gone.map((r) => r.storage_key);
}

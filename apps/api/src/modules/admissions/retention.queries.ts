import { ANONYMISED_MARKER, DEFAULT_RETENTION_MONTHS, type ErasureRequest, UNSUCCESSFUL_STATUSES } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso, listPage, type PageQuery } from '../../common/sql/list';

// ---- retention periods ----------------------------------------------------------------------

export function retention(q: Sql, intake: string) {
  return one<{ months: number; updated_at: string }>(
    q,
    `SELECT months, ${iso('updated_at')} AS updated_at FROM admission_retention WHERE intake = $1`,
    [intake],
  );
}

export function saveRetention(q: Sql, intake: string, months: number, by: string) {
  return exec(
    q,
    `INSERT INTO admission_retention (intake, months, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (intake) DO UPDATE SET months = EXCLUDED.months, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [intake, months, by],
  );
}

/**
 * The unsuccessful applications whose intake's retention period has passed since they got to that
 * state (at most `limit`, oldest first), locked and skipped by a concurrent run. Unsuccessful:
 * rejected, declined, withdrawn, expired, or screened 'Not eligible'.
 */
export function lockDueForAnonymising(q: Sql, limit: number) {
  return rows<{ id: string }>(
    q,
    `SELECT a.id::text FROM programme_applications a
       LEFT JOIN admission_retention r ON r.intake = a.intake
      WHERE a.anonymised_at IS NULL
        AND (a.status = ANY($1::text[]) OR (a.status = 'SCREENED' AND a.eligible IS FALSE))
        AND a.status_changed_at <= now() - make_interval(months => COALESCE(r.months, $2))
      ORDER BY a.status_changed_at, a.id LIMIT $3 FOR UPDATE OF a SKIP LOCKED`,
    [UNSUCCESSFUL_STATUSES, DEFAULT_RETENTION_MONTHS, limit],
  );
}

// ---- anonymising -----------------------------------------------------------------------------

/**
 * Erases the personal data of locked applications: every answer, name, email, phones and date of
 * birth, the screening's notes (they quote the answers) and reviewers' comments; the name becomes
 * the marker and the email the marker with the reference (unique per intake). The reference,
 * intake, course, state, screening outcome and dates stay. Answers the documents' file ids (their
 * rows and bytes go next) and the anonymised applications.
 */
export async function anonymise(q: Sql, ids: string[]) {
  const done = await rows<{ id: string; id_slug: string; file_ids: string[] }>(
    q,
    `WITH target AS (
       SELECT id, resume_file_id, transcript_file_id FROM programme_applications WHERE id = ANY($1::bigint[]) AND anonymised_at IS NULL)
     UPDATE programme_applications a SET
       full_name = $2, email = $2 || ':' || a.id_slug, phone = '', secondary_phone = NULL,
       age = '', dob_year = '', dob_month = '', dob_date = '', gender = '', ethnicity = '', marital_status = '',
       full_address = '', state = '', city = '', postcode = '', linkedin = '',
       highest_qualification = '', uni_name = '', degree_name = '', country_study = '', field_study = '',
       qualification_type = '', academic_result = '', grad_year = '', english_qualification = '', english_score = '',
       prev_employment = '', employment_details = NULL, prev_leadership = '', leadership_details = NULL,
       is_citizen = NULL, can_participate = NULL, can_device = NULL, can_relocate = NULL,
       eligibility = NULL, screening_notes = NULL, screening_reason = '',
       resume_file_id = NULL, transcript_file_id = NULL, anonymised_at = now()
       FROM target t WHERE a.id = t.id
     RETURNING a.id::text, a.id_slug,
       array_remove(ARRAY[t.resume_file_id::text, t.transcript_file_id::text], NULL) AS file_ids`,
    [ids, ANONYMISED_MARKER],
  );
  if (!done.length) return { done, storageKeys: [] as string[] };
  const doneIds = done.map((d) => d.id);
  // Reviewers' comments and the private links go too: a comment names the person, a link shows nothing now.
  await exec(q, `UPDATE application_scores SET comment = '' WHERE application_id = ANY($1::bigint[])`, [doneIds]);
  await exec(q, `DELETE FROM application_tokens WHERE application_id = ANY($1::bigint[])`, [doneIds]);
  const files = await rows<{ storage_key: string }>(q, `DELETE FROM stored_files WHERE id = ANY($1::bigint[]) RETURNING storage_key`, [
    done.flatMap((d) => d.file_ids),
  ]);
  return { done, storageKeys: files.map((f) => f.storage_key) };
}

// ---- erasure requests ------------------------------------------------------------------------

/** Records (or asks again after a refusal) the applicant's request; a pending or confirmed one stays as it is. */
export function requestErasure(q: Sql, applicationId: string) {
  return exec(
    q,
    `INSERT INTO application_erasure_requests (application_id) VALUES ($1)
     ON CONFLICT (application_id) DO UPDATE
        SET status = 'PENDING', requested_at = now(), decided_by = NULL, decided_at = NULL, reason = ''
      WHERE application_erasure_requests.status = 'REFUSED'`,
    [applicationId],
  );
}

/** The request of an application, locked. */
export function lockErasure(q: Sql, applicationId: string) {
  return one<{ status: string }>(q, `SELECT status FROM application_erasure_requests WHERE application_id = $1 FOR UPDATE`, [
    applicationId,
  ]);
}

export function decideErasure(q: Sql, applicationId: string, status: 'CONFIRMED' | 'REFUSED', by: string, reason: string) {
  return exec(
    q,
    `UPDATE application_erasure_requests SET status = $2, decided_by = $3, decided_at = now(), reason = $4 WHERE application_id = $1`,
    [applicationId, status, by, reason],
  );
}

/** The applicant's own request as their page shows it (alias `a` is the application). */
export const APPLICANT_ERASURE = `(SELECT json_build_object('status', e.status, 'requested_at', ${iso('e.requested_at')},
    'decided_at', ${iso('e.decided_at')}, 'reason', e.reason)
  FROM application_erasure_requests e WHERE e.application_id = a.id)`;

const REQUEST_ITEM = `json_build_object('id_slug', a.id_slug, 'intake', a.intake, 'course', a.course, 'full_name', a.full_name,
    'email', a.email, 'application_status', a.status, 'status', e.status, 'requested_at', ${iso('e.requested_at')},
    'decided_at', ${iso('e.decided_at')},
    'decided_by', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name) END,
    'reason', e.reason, 'anonymised_at', ${iso('a.anonymised_at')})`;

/**
 * One page of the erasure requests, counted in the same statement: pending first (oldest first),
 * then the decided ones (latest first).
 */
export function erasureRequests(q: Sql, status: string | null, page: PageQuery) {
  return listPage<ErasureRequest>(q, {
    matching: `SELECT e.application_id, e.status, e.requested_at, e.decided_at
                 FROM application_erasure_requests e
                WHERE ($1::text IS NULL OR e.status = $1)`,
    order: `status <> 'PENDING', CASE WHEN status = 'PENDING' THEN requested_at END, decided_at DESC, application_id`,
    item: REQUEST_ITEM,
    join: `JOIN application_erasure_requests e ON e.application_id = p.application_id
           JOIN programme_applications a ON a.id = p.application_id
           LEFT JOIN users u ON u.id = e.decided_by`,
    params: [status],
    page,
  });
}

export async function erasureRequest(q: Sql, applicationId: string) {
  const row = await one<{ item: ErasureRequest }>(
    q,
    `SELECT ${REQUEST_ITEM} AS item
       FROM application_erasure_requests e JOIN programme_applications a ON a.id = e.application_id
       LEFT JOIN users u ON u.id = e.decided_by
      WHERE e.application_id = $1`,
    [applicationId],
  );
  return row!.item;
}

/** A transition that logs an erasure on the application's timeline (its state does not change). */
export function logOnTimeline(q: Sql, ids: string[], actorId: string | null, reason: string) {
  return exec(
    q,
    `INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason)
     SELECT id, status, status, $2, $3 FROM programme_applications WHERE id = ANY($1::bigint[])`,
    [ids, actorId, reason],
  );
}

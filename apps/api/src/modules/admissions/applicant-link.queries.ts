import type { ApplicationStatus } from '@school/contracts';
import { exec, mustOne, one, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { APPLICANT_ERASURE } from './retention.queries';

/** The applicant's private link: its token, the application it opens, the applicant's page and the facts its mail needs. */

// ---- the applicant's link ------------------------------------------------------------------

export function saveToken(q: Sql, applicationId: string, hash: string) {
  return exec(q, `INSERT INTO application_tokens (token_hash, application_id) VALUES ($1, $2)`, [hash, applicationId]);
}

/** The application a link opens: its id_slug and the token's hash must both match. */
export async function applicationByLink(q: Sql, idSlug: string, hash: string, lock = false): Promise<string | undefined> {
  const row = await one<{ id: string }>(
    q,
    `SELECT a.id::text FROM programme_applications a JOIN application_tokens t ON t.application_id = a.id
      WHERE a.id_slug = $1 AND t.token_hash = $2 ${lock ? 'FOR UPDATE OF a' : ''}`,
    [idSlug, hash],
  );
  return row?.id;
}

/** What the applicant's page shows: state, public timeline (no actor, no reason), the offer. */
export function applicantStatus(q: Sql, applicationId: string) {
  return mustOne(
    q,
    `SELECT a.id_slug, a.intake AS programme, a.course, a.status, ${iso('a.created_date')} AS submitted_at,
            (SELECT json_agg(json_build_object('status', t.to_status, 'at', ${iso('t.created_at')}) ORDER BY t.created_at, t.id)
               FROM application_transitions t
              -- Moves within a state (an interview booked, an offer extended) are not new states for the applicant.
              WHERE t.application_id = a.id AND t.from_status IS DISTINCT FROM t.to_status) AS timeline,
            (SELECT json_build_object('cohort_title', k.title, 'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')},
                    'accept_by', ${iso('o.accept_by')},
                    'open', a.status = 'OFFERED' AND o.accept_by > now())
               FROM application_offers o JOIN cohorts k ON k.id = o.cohort_id
              WHERE o.application_id = a.id AND a.status IN ('OFFERED', 'ACCEPTED', 'ENROLLED')) AS offer,
            ${APPLICANT_ERASURE} AS erasure
       FROM programme_applications a WHERE a.id = $1`,
    [applicationId],
  );
}

/** What an email about an application needs. */
export function mailFacts(q: Sql, applicationId: string) {
  return one<{
    id_slug: string;
    email: string;
    full_name: string;
    intake: string;
    course: string;
    status: ApplicationStatus;
    cohort_id_slug: string | null;
    cohort_title: string | null;
    start_date: Date | null;
    end_date: Date | null;
    accept_by: Date | null;
    eligible: boolean | null;
    eligibility: Record<string, boolean | null> | null;
    screening_reason: string;
  }>(
    q,
    `SELECT a.id_slug, a.email, a.full_name, a.intake, a.course, a.status, a.eligible, a.eligibility, a.screening_reason,
            k.id_slug AS cohort_id_slug, k.title AS cohort_title,
            k.start_date, k.end_date, o.accept_by
       FROM programme_applications a
       LEFT JOIN application_offers o ON o.application_id = a.id
       LEFT JOIN cohorts k ON k.id = o.cohort_id
      WHERE a.id = $1 AND a.anonymised_at IS NULL`,
    [applicationId],
  );
}

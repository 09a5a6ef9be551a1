import type {
  AdmissionListItem,
  Duplicate,
  InterviewStage,
  ScreeningNotes,
  ApplicationStatus,
  ApplicationViewPlace,
  RankingItem,
  Transition,
} from '@school/contracts';
import { DISAGREEMENT_THRESHOLD } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso, listPage, type PageQuery } from '../../common/sql/list';

// ---- applications and their moves ---------------------------------------------------------

export interface LockedApplication {
  id: string;
  id_slug: string;
  intake: string;
  status: ApplicationStatus;
  eligible: boolean | null;
  email: string;
  full_name: string;
  course: string;
}

/** The applications with these id_slugs, locked for the transaction (in id order, so two bulk calls cannot deadlock). */
export function lockApplications(q: Sql, idSlugs: string[]) {
  return rows<LockedApplication>(
    q,
    `SELECT id::text, id_slug, intake, status, eligible, email, full_name, course FROM programme_applications
      WHERE id_slug = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [idSlugs],
  );
}

/**
 * Moves applications to `to` and records each move with its actor and reason, in one statement.
 * `decided` stamps the first decision time. Answers the moved rows.
 */
export function moveApplications(q: Sql, ids: string[], to: ApplicationStatus, actorId: string | null, reason: string, decided = false) {
  return rows<{ id: string; id_slug: string; from_status: ApplicationStatus; to_status: ApplicationStatus }>(
    q,
    `WITH old AS (SELECT id, status FROM programme_applications WHERE id = ANY($1::bigint[])),
     moved AS (
       UPDATE programme_applications a
          SET status = $2, status_changed_at = now(), decided_at = CASE WHEN $5 THEN COALESCE(a.decided_at, now()) ELSE a.decided_at END
         FROM old WHERE a.id = old.id
       RETURNING a.id, a.id_slug, old.status AS from_status),
     logged AS (
       INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason)
       SELECT id, from_status, $2, $3, $4 FROM moved)
     SELECT id::text, id_slug, from_status, $2::text AS to_status FROM moved ORDER BY id`,
    [ids, to, actorId, reason, decided],
  );
}

/** Records the admin's screening confirmation on a locked application. */
export function setScreening(q: Sql, id: string, eligible: boolean, reason: string) {
  return exec(q, `UPDATE programme_applications SET eligible = $2, screening_reason = $3 WHERE id = $1`, [id, eligible, reason]);
}

/** Clears the screening of locked applications (reopened: to be screened again). */
export function clearScreening(q: Sql, ids: string[]) {
  return exec(q, `UPDATE programme_applications SET eligible = NULL, screening_reason = '' WHERE id = ANY($1::bigint[])`, [ids]);
}

/** Records one screening confirmation on many locked applications. */
export function setScreenings(q: Sql, ids: string[], eligible: boolean, reason: string) {
  return exec(q, `UPDATE programme_applications SET eligible = $2, screening_reason = $3 WHERE id = ANY($1::bigint[])`, [
    ids,
    eligible,
    reason,
  ]);
}

/** The internal id of an application. */
export async function applicationIdOf(q: Sql, idSlug: string): Promise<string | undefined> {
  return (await one<{ id: string }>(q, `SELECT id::text FROM programme_applications WHERE id_slug = $1`, [idSlug]))?.id;
}

// ---- the audit log ------------------------------------------------------------------------

/** One view of an application: who (null: the applicant through their link), through which call. */
export function recordView(q: Sql, applicationId: string, viewerId: string | null, call: ApplicationViewPlace) {
  return exec(q, `INSERT INTO application_views (application_id, viewer_id, call) VALUES ($1, $2, $3)`, [applicationId, viewerId, call]);
}

/**
 * Writes every application a list showed to staff (by id_slug) to the audit log of views, in one
 * set-based statement: a list shows names, emails and phones as surely as the detail does.
 */
export async function recordViews(q: Sql, idSlugs: string[], viewerId: string, call: ApplicationViewPlace): Promise<void> {
  if (!idSlugs.length) return;
  await exec(
    q,
    `INSERT INTO application_views (application_id, viewer_id, call)
     SELECT a.id, $2, $3 FROM programme_applications a WHERE a.id_slug = ANY ($1::text[])`,
    [idSlugs, viewerId, call],
  );
}

export function applicationViews(q: Sql, applicationId: string) {
  return rows(
    q,
    `SELECT CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id_slug', u.id_slug, 'first_name', u.first_name,
              'last_name', u.last_name, 'role', u.role) END AS viewer,
            v.call, ${iso('v.viewed_at')} AS at
       FROM application_views v LEFT JOIN users u ON u.id = v.viewer_id
      WHERE v.application_id = $1 ORDER BY v.viewed_at DESC, v.id DESC LIMIT 500`,
    [applicationId],
  );
}

// ---- scores ---------------------------------------------------------------------------------

/** The score summary of an application (alias `a`) as JSON: mean, reviews, assigned, min, max, disagreement. */
export const SCORE_SUMMARY = `(SELECT json_build_object(
    'mean', round(avg(s.weighted), 4)::float8, 'reviews', count(s.weighted)::int, 'assigned', count(*)::int,
    'min', min(s.weighted)::float8, 'max', max(s.weighted)::float8,
    'disagreement', COALESCE(max(s.weighted) - min(s.weighted) > ${DISAGREEMENT_THRESHOLD}, false))
  FROM application_reviewers r LEFT JOIN application_scores s USING (application_id, reviewer_id)
  WHERE r.application_id = a.id)`;

/** The reviewers of an application (alias `a`) as a JSON array, in the order they were assigned. */
const REVIEWERS = `COALESCE((SELECT json_agg(json_build_object('id_slug', u.id_slug, 'first_name', u.first_name,
    'last_name', u.last_name, 'scored_at', ${iso('s.submitted_at')}) ORDER BY r.assigned_at, u.id)
  FROM application_reviewers r JOIN users u ON u.id = r.reviewer_id
  LEFT JOIN application_scores s USING (application_id, reviewer_id)
  WHERE r.application_id = a.id), '[]'::json)`;

// ---- duplicates ------------------------------------------------------------------------------

/**
 * Other applications, of this intake or another (alias `a`'s), under another email, that share the
 * phone number or the name and date of birth: the same person applying twice. Never merged: shown,
 * with the intake each was made to. Anonymised applications have neither left.
 */
const SAME_PERSON = `FROM programme_applications d
  WHERE d.id <> a.id AND lower(d.email) <> lower(a.email) AND d.anonymised_at IS NULL AND a.anonymised_at IS NULL
    AND (d.phone_key = a.phone_key OR d.person_key = a.person_key)`;

/** The possible duplicates of an application (alias `a`) as a JSON array, oldest first. */
const DUPLICATES = `COALESCE((SELECT json_agg(json_build_object('id_slug', d.id_slug, 'intake', d.intake, 'full_name', d.full_name, 'email', d.email,
    'status', d.status, 'matches', array_remove(ARRAY[CASE WHEN d.phone_key = a.phone_key THEN 'phone' END,
      CASE WHEN d.person_key = a.person_key THEN 'name_and_birth_date' END], NULL)) ORDER BY d.created_date, d.id)
  ${SAME_PERSON}), '[]'::json)`;

// ---- the admin list -------------------------------------------------------------------------

export interface AdmissionFilters {
  search: string | null;
  status: ApplicationStatus | null;
  intake: string | null;
  course: string | null;
  eligibility: 'eligible' | 'not_eligible' | 'unconfirmed' | 'flagged' | 'duplicate' | null;
  interview: InterviewStage | null;
}

/** The interview stage of application `a` (InterviewStage), or NULL when it has none (not shortlisted, never booked). */
const INTERVIEW_STAGE = `COALESCE(
  (SELECT CASE WHEN b.no_show_at IS NOT NULL THEN 'NO_SHOW'
               WHEN EXISTS (SELECT 1 FROM interview_scores sc WHERE sc.application_id = a.id) THEN 'INTERVIEWED'
               ELSE 'BOOKED' END
     FROM interview_bookings b WHERE b.application_id = a.id),
  CASE WHEN a.status = 'SHORTLISTED' THEN 'NOT_BOOKED' END)`;

/** The pipeline's filter over programme_applications `a`, parameters $1..$6 (search, status, intake, course, eligibility, interview). */
const FILTER = `($1::text IS NULL OR (a.full_name || ' ' || a.email || ' ' || a.phone) ILIKE $1)
  AND ($2::text IS NULL OR a.status = $2)
  AND ($3::text IS NULL OR a.intake = $3)
  AND ($4::text IS NULL OR a.course = $4)
  AND ($5::text IS NULL
       OR ($5 = 'eligible' AND a.eligible IS TRUE) OR ($5 = 'not_eligible' AND a.eligible IS FALSE)
       OR ($5 = 'unconfirmed' AND a.eligible IS NULL)
       OR ($5 = 'flagged' AND (a.eligibility @? '$.* ? (@ == false)' OR a.screening_notes @? '$.warnings[*]'))
       OR ($5 = 'duplicate' AND EXISTS (SELECT 1 ${SAME_PERSON})))
  AND ($6::text IS NULL OR ${INTERVIEW_STAGE} = $6)`;
const filterParams = (f: AdmissionFilters) => [f.search, f.status, f.intake, f.course, f.eligibility, f.interview];

/** One statement: the filtered count and one page, each row with its reviewers and score summary. */
export function listAdmissions(q: Sql, f: AdmissionFilters, order: string, page: PageQuery) {
  return listPage<AdmissionListItem>(q, {
    matching: `SELECT a.id, a.id_slug, a.intake, a.course, a.full_name, a.email, a.status, a.created_date, a.status_changed_at,
                      a.eligibility, a.eligible, a.screening_notes, a.phone_key, a.person_key, a.anonymised_at,
                      (SELECT avg(s.weighted) FROM application_scores s WHERE s.application_id = a.id) AS score
                 FROM programme_applications a
                WHERE ${FILTER}`,
    order,
    item: `json_build_object('id_slug', a.id_slug, 'intake', a.intake, 'course', a.course, 'full_name', a.full_name,
      'email', a.email, 'status', a.status, 'created_date', ${iso('a.created_date')},
      'status_changed_at', ${iso('a.status_changed_at')}, 'eligibility', a.eligibility, 'eligible', a.eligible,
      'warnings', COALESCE(a.screening_notes -> 'warnings', '[]'::jsonb), 'duplicates', (SELECT count(*)::int ${SAME_PERSON}),
      'reviewers', ${REVIEWERS}, 'score', ${SCORE_SUMMARY},
      'interview', (SELECT CASE WHEN i.stage IS NULL THEN NULL ELSE json_build_object('stage', i.stage, 'starts_at',
                      (SELECT ${iso('s.starts_at')} FROM interview_bookings b JOIN interview_slots s ON s.id = b.slot_id
                        WHERE b.application_id = a.id)) END
                      FROM (SELECT ${INTERVIEW_STAGE} AS stage) i))`,
    as: 'a',
    params: filterParams(f),
    page,
  });
}

/**
 * Every application the filter matches (at most `limit`), locked for the transaction in id
 * order, as lockApplications answers them: "select all N matching" acts on the set as it is now.
 */
export function lockMatching(q: Sql, f: AdmissionFilters, limit: number) {
  return rows<LockedApplication>(
    q,
    `SELECT a.id::text, a.id_slug, a.intake, a.status, a.eligible, a.email, a.full_name, a.course
       FROM programme_applications a WHERE ${FILTER} ORDER BY a.id LIMIT $7 FOR UPDATE`,
    [...filterParams(f), limit],
  );
}

// ---- one application ------------------------------------------------------------------------

/** Every column of an application as the API names it, with its files' id_slugs. */
const APPLICATION_COLUMNS = `a.id::text AS internal_id, a.id_slug, a.created_date, a.course, a.email, a.full_name, a.age,
  a.dob_year AS "dobYear", a.dob_month AS "dobMonth", a.dob_date AS "dobDate", a.gender, a.ethnicity,
  a.marital_status, a.full_address, a.state, a.city, a.postcode, a.linkedin, a.phone, a.secondary_phone,
  a.highest_qualification, a.uni_name, a.degree_name, a.country_study, a.field_study, a.qualification_type,
  a.academic_result, a.grad_year, a.english_qualification, a.english_score, a.prev_employment,
  a.employment_details, a.prev_leadership, a.leadership_details,
  a.is_citizen::text AS is_citizen, a.can_participate::text AS can_participate, a.can_device::text AS can_device,
  a.can_relocate::text AS can_relocate, a.status, a.eligibility`;

export interface DetailRow extends Record<string, unknown> {
  internal_id: string;
  id_slug: string;
  created_date: Date;
  status: ApplicationStatus;
  intake: string;
  status_changed_at: string;
  anonymised_at: string | null;
  eligible: boolean | null;
  screening_reason: string;
  screening_notes: ScreeningNotes | null;
  duplicates: Duplicate[];
  /** The intake reviews blind (the default, also while it has no rubric). */
  blind_review: boolean;
  screened_at: string | null;
  resume_slug: string | null;
  transcript_slug: string | null;
  reviewers: { id_slug: string; first_name: string; last_name: string; scored_at: string | null }[];
  score: RankingItem['score'];
  offer: {
    cohort_id_slug: string;
    cohort_title: string;
    start_date: string;
    end_date: string;
    accept_by: string;
    offered_at: string;
  } | null;
  my_assigned: boolean;
  my_scored_at: string | null;
}

/** One application with everything staff may see of it, and the caller's own assignment (one statement). */
export function admissionDetail(q: Sql, idSlug: string, viewerId: string) {
  return one<DetailRow>(
    q,
    `SELECT ${APPLICATION_COLUMNS}, a.intake, ${iso('a.status_changed_at')} AS status_changed_at, ${iso('a.anonymised_at')} AS anonymised_at,
            a.eligible, a.screening_reason,
            a.screening_notes, ${DUPLICATES} AS duplicates,
            (SELECT ${iso('max(t.created_at)')} FROM application_transitions t WHERE t.application_id = a.id AND t.to_status = 'SCREENED') AS screened_at,
            r.id_slug AS resume_slug, tr.id_slug AS transcript_slug,
            ${REVIEWERS} AS reviewers, ${SCORE_SUMMARY} AS score,
            (SELECT json_build_object('cohort_id_slug', k.id_slug, 'cohort_title', k.title, 'start_date', ${iso('k.start_date')},
                    'end_date', ${iso('k.end_date')}, 'accept_by', ${iso('o.accept_by')}, 'offered_at', ${iso('o.offered_at')})
               FROM application_offers o JOIN cohorts k ON k.id = o.cohort_id WHERE o.application_id = a.id) AS offer,
            EXISTS (SELECT 1 FROM application_reviewers ar WHERE ar.application_id = a.id AND ar.reviewer_id = $2) AS my_assigned,
            (SELECT ${iso('s.submitted_at')} FROM application_scores s WHERE s.application_id = a.id AND s.reviewer_id = $2) AS my_scored_at,
            COALESCE((SELECT ru.blind FROM admission_rubrics ru WHERE ru.intake = a.intake), true) AS blind_review
       FROM programme_applications a
       LEFT JOIN stored_files r ON r.id = a.resume_file_id
       LEFT JOIN stored_files tr ON tr.id = a.transcript_file_id
      WHERE a.id_slug = $1`,
    [idSlug, viewerId],
  );
}

/** An application's moves, oldest first, with who made them. */
export function timeline(q: Sql, applicationId: string) {
  return rows<Transition>(
    q,
    `SELECT t.from_status, t.to_status,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name) END AS actor,
            t.reason, ${iso('t.created_at')} AS at
       FROM application_transitions t LEFT JOIN users u ON u.id = t.actor_id
      WHERE t.application_id = $1 ORDER BY t.created_at, t.id`,
    [applicationId],
  );
}

import type {
  AdmissionCriterion,
  CohortSeatsResponse,
  AdmissionListItem,
  Duplicate,
  ScreeningNotes,
  ApplicationScoresResponse,
  ApplicationStatus,
  RankingItem,
  ReviewQueueItem,
  StaffMember,
  Transition,
} from '@school/contracts';
import { DISAGREEMENT_THRESHOLD } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso, listPage, type PageQuery } from '../../common/sql/list';
import { APPLICANT_ERASURE } from './retention.queries';

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
export function recordView(q: Sql, applicationId: string, viewerId: string | null, call: string) {
  return exec(q, `INSERT INTO application_views (application_id, viewer_id, call) VALUES ($1, $2, $3)`, [applicationId, viewerId, call]);
}

/**
 * Writes every application a list showed to staff (by id_slug) to the audit log of views, in one
 * set-based statement: a list shows names, emails and phones as surely as the detail does.
 */
export async function recordViews(q: Sql, idSlugs: string[], viewerId: string, call: string): Promise<void> {
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
const SCORE_SUMMARY = `(SELECT json_build_object(
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
}

/** The pipeline's filter over programme_applications `a`, parameters $1..$5 (search, status, intake, course, eligibility). */
const FILTER = `($1::text IS NULL OR (a.full_name || ' ' || a.email || ' ' || a.phone) ILIKE $1)
  AND ($2::text IS NULL OR a.status = $2)
  AND ($3::text IS NULL OR a.intake = $3)
  AND ($4::text IS NULL OR a.course = $4)
  AND ($5::text IS NULL
       OR ($5 = 'eligible' AND a.eligible IS TRUE) OR ($5 = 'not_eligible' AND a.eligible IS FALSE)
       OR ($5 = 'unconfirmed' AND a.eligible IS NULL)
       OR ($5 = 'flagged' AND (a.eligibility @? '$.* ? (@ == false)' OR a.screening_notes @? '$.warnings[*]'))
       OR ($5 = 'duplicate' AND EXISTS (SELECT 1 ${SAME_PERSON})))`;
const filterParams = (f: AdmissionFilters) => [f.search, f.status, f.intake, f.course, f.eligibility];

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
      'reviewers', ${REVIEWERS}, 'score', ${SCORE_SUMMARY})`,
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
       FROM programme_applications a WHERE ${FILTER} ORDER BY a.id LIMIT $6 FOR UPDATE`,
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

// ---- reviewers ----------------------------------------------------------------------------------

/** Staff accounts (ADMIN, INSTRUCTOR), not suspended, matching the search; by name. */
export function staff(q: Sql, search: string | null) {
  return rows<StaffMember>(
    q,
    `SELECT id_slug, first_name, last_name, email, role FROM users
      WHERE role IN ('ADMIN', 'INSTRUCTOR') AND NOT is_suspended
        AND ($1::text IS NULL OR (first_name || ' ' || last_name || ' ' || email) ILIKE $1)
      ORDER BY first_name, last_name, id LIMIT 200`,
    [search],
  );
}

/** The staff accounts (ADMIN, INSTRUCTOR, not suspended) among these id_slugs. */
export function staffByIdSlugs(q: Sql, idSlugs: string[]) {
  return rows<{ id: string; id_slug: string }>(
    q,
    `SELECT id::text, id_slug FROM users WHERE id_slug = ANY($1::text[]) AND role IN ('ADMIN', 'INSTRUCTOR') AND NOT is_suspended`,
    [idSlugs],
  );
}

/** Assigns every reviewer to every application (pairs already there are kept); answers each reviewer's new assignments. */
export function assign(q: Sql, applicationIds: string[], reviewerIds: string[], by: string) {
  return rows<{ reviewer_id: string; count: number }>(
    q,
    `WITH added AS (
       INSERT INTO application_reviewers (application_id, reviewer_id, assigned_by)
       SELECT a, r, $3 FROM unnest($1::bigint[]) a CROSS JOIN unnest($2::bigint[]) r
       ON CONFLICT DO NOTHING RETURNING reviewer_id)
     SELECT reviewer_id::text, count(*)::int AS count FROM added GROUP BY reviewer_id ORDER BY reviewer_id`,
    [applicationIds, reviewerIds, by],
  );
}

/** What the mail telling a reviewer of new assignments needs: their name and email, and who assigned them. */
export function reviewerMailFacts(q: Sql, reviewerId: string, byId: string) {
  return one<{ email: string; first_name: string; by_name: string }>(
    q,
    `SELECT r.email, r.first_name, trim(concat_ws(' ', b.first_name, b.last_name)) AS by_name
       FROM users r LEFT JOIN users b ON b.id = $2 WHERE r.id = $1 AND NOT r.is_suspended`,
    [reviewerId, byId],
  );
}

/** The applications made with an email (any intake), for sending their status links again. */
export function applicationsByEmail(q: Sql, email: string) {
  return rows<{ id: string }>(q, `SELECT id::text FROM programme_applications WHERE lower(email) = lower($1) ORDER BY id`, [email]);
}

export function unassign(q: Sql, applicationId: string, reviewerIdSlug: string) {
  return exec(
    q,
    `DELETE FROM application_reviewers r USING users u WHERE r.application_id = $1 AND r.reviewer_id = u.id AND u.id_slug = $2`,
    [applicationId, reviewerIdSlug],
  );
}

// ---- rubric ----------------------------------------------------------------------------------

export function rubric(q: Sql, intake: string) {
  return one<{ criteria: AdmissionCriterion[]; blind: boolean; updated_at: string }>(
    q,
    `SELECT criteria, blind, ${iso('updated_at')} AS updated_at FROM admission_rubrics WHERE intake = $1`,
    [intake],
  );
}

/** Whether any reviewer has scored an application of the intake. */
export async function intakeScored(q: Sql, intake: string): Promise<boolean> {
  const row = await one(
    q,
    `SELECT 1 FROM application_scores s JOIN programme_applications a ON a.id = s.application_id WHERE a.intake = $1 LIMIT 1`,
    [intake],
  );
  return row !== undefined;
}

/** The intake's rubric row, locked (created empty first), so a PUT and a first score cannot cross. */
export function lockRubric(q: Sql, intake: string) {
  return one<{ criteria: AdmissionCriterion[] }>(q, `SELECT criteria FROM admission_rubrics WHERE intake = $1 FOR UPDATE`, [intake]);
}

export function saveRubric(q: Sql, intake: string, criteria: AdmissionCriterion[], blind: boolean, by: string) {
  return exec(
    q,
    `INSERT INTO admission_rubrics (intake, criteria, blind, updated_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (intake) DO UPDATE
        SET criteria = EXCLUDED.criteria, blind = EXCLUDED.blind, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [intake, JSON.stringify(criteria), blind, by],
  );
}

// ---- the reviewer's queue and scores -------------------------------------------------------

/** The statuses in which reviewers may score. */
export const SCORING_STATUSES: ApplicationStatus[] = ['IN_REVIEW', 'SHORTLISTED'];
const CAN_SCORE = `a.status IN (${SCORING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The reviewer's assigned applications, oldest assignment first; no blind field. A reopened score counts as not scored. */
export function reviewQueue(q: Sql, reviewerId: string, intake: string | null, scored: boolean | null, page: PageQuery) {
  return listPage<ReviewQueueItem>(q, {
    matching: `SELECT a.id, a.id_slug, a.intake, a.course, a.status, a.highest_qualification, a.field_study,
                      r.assigned_at, CASE WHEN s.reopened_at IS NULL THEN s.submitted_at END AS submitted_at
                 FROM application_reviewers r JOIN programme_applications a ON a.id = r.application_id
                 LEFT JOIN application_scores s ON s.application_id = r.application_id AND s.reviewer_id = r.reviewer_id
                WHERE r.reviewer_id = $1 AND ($2::text IS NULL OR a.intake = $2)
                  -- A score an admin reopened is to score again.
                  AND ($3::boolean IS NULL OR (s.submitted_at IS NOT NULL AND s.reopened_at IS NULL) = $3)`,
    order: 'assigned_at ASC, id ASC',
    item: `json_build_object('id_slug', a.id_slug, 'intake', a.intake, 'course', a.course, 'status', a.status,
      'highest_qualification', a.highest_qualification, 'field_study', a.field_study,
      'assigned_at', ${iso('a.assigned_at')}, 'scored_at', ${iso('a.submitted_at')}, 'can_score', ${CAN_SCORE})`,
    as: 'a',
    params: [reviewerId, intake, scored],
    page,
  });
}

export interface AssignmentRow {
  id: string;
  intake: string;
  status: ApplicationStatus;
  assigned: boolean;
  scores: Record<string, number> | null;
  comment: string | null;
  weighted: string | null;
  submitted_at: string | null;
  reopened_at: string | null;
}

/** An application with the reviewer's assignment and score (undefined: no such application). */
export function assignment(q: Sql, idSlug: string, reviewerId: string) {
  return one<AssignmentRow>(
    q,
    `SELECT a.id::text, a.intake, a.status, r.reviewer_id IS NOT NULL AS assigned, s.scores, s.comment, s.weighted::text,
            ${iso('s.submitted_at')} AS submitted_at, ${iso('s.reopened_at')} AS reopened_at
       FROM programme_applications a
       LEFT JOIN application_reviewers r ON r.application_id = a.id AND r.reviewer_id = $2
       LEFT JOIN application_scores s ON s.application_id = a.id AND s.reviewer_id = $2
      WHERE a.id_slug = $1`,
    [idSlug, reviewerId],
  );
}

/**
 * Saves a reviewer's scores: the first time, or over a score an admin reopened (never over a
 * final one: the update only applies to a reopened row). Replacing a reopened score clears the
 * mark and logs the change with the old and new score, in the same statement.
 */
export function saveScore(
  q: Sql,
  applicationId: string,
  reviewerId: string,
  scores: Record<string, number>,
  weighted: number,
  comment: string,
) {
  return exec(
    q,
    `WITH old AS (
       SELECT scores, weighted FROM application_scores WHERE application_id = $1 AND reviewer_id = $2 AND reopened_at IS NOT NULL),
     saved AS (
       INSERT INTO application_scores (application_id, reviewer_id, scores, weighted, comment) VALUES ($1, $2, $3::jsonb, $4, $5)
       ON CONFLICT (application_id, reviewer_id) DO UPDATE
          SET scores = EXCLUDED.scores, weighted = EXCLUDED.weighted, comment = EXCLUDED.comment, submitted_at = now(), reopened_at = NULL
        WHERE application_scores.reopened_at IS NOT NULL)
     INSERT INTO application_score_events (application_id, reviewer_id, kind, actor_id, old_scores, old_weighted, new_scores, new_weighted)
     SELECT $1, $2, 'CHANGED', $2, old.scores, old.weighted, $3::jsonb, $4 FROM old`,
    [applicationId, reviewerId, JSON.stringify(scores), weighted, comment],
  );
}

/**
 * Reopens a reviewer's final score (by the reviewer's id_slug) and logs who, when and why, in one
 * statement; answers 'reopened', or why not: 'not_assigned', 'not_scored' or 'already_reopened'.
 */
export async function reopenScore(
  q: Sql,
  applicationId: string,
  reviewerIdSlug: string,
  actorId: string,
  reason: string,
): Promise<'reopened' | 'not_assigned' | 'not_scored' | 'already_reopened'> {
  const row = await mustOne<{ assigned: boolean; scored: boolean; was_reopened: boolean; reopened: boolean }>(
    q,
    `WITH target AS (
       SELECT r.reviewer_id, s.reviewer_id IS NOT NULL AS scored, s.reopened_at IS NOT NULL AS was_reopened
         FROM application_reviewers r JOIN users u ON u.id = r.reviewer_id
         LEFT JOIN application_scores s ON s.application_id = r.application_id AND s.reviewer_id = r.reviewer_id
        WHERE r.application_id = $1 AND u.id_slug = $2
        FOR UPDATE OF r),
     reopened AS (
       UPDATE application_scores s SET reopened_at = now() FROM target t
        WHERE s.application_id = $1 AND s.reviewer_id = t.reviewer_id AND s.reopened_at IS NULL
       RETURNING s.reviewer_id, s.scores, s.weighted),
     logged AS (
       INSERT INTO application_score_events (application_id, reviewer_id, kind, actor_id, reason, old_scores, old_weighted)
       SELECT $1, reviewer_id, 'REOPENED', $3, $4, scores, weighted FROM reopened)
     SELECT EXISTS (SELECT 1 FROM target) AS assigned, COALESCE((SELECT scored FROM target), false) AS scored,
            COALESCE((SELECT was_reopened FROM target), false) AS was_reopened, EXISTS (SELECT 1 FROM reopened) AS reopened`,
    [applicationId, reviewerIdSlug, actorId, reason],
  );
  if (row.reopened) return 'reopened';
  if (!row.assigned) return 'not_assigned';
  return row.scored ? 'already_reopened' : 'not_scored';
}

const PERSON = (alias: string) =>
  `json_build_object('id_slug', ${alias}.id_slug, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name)`;

/** An application's current reviews and the history of reopenings and changes (one statement). */
export function applicationScores(q: Sql, applicationId: string) {
  return mustOne<ApplicationScoresResponse['data']>(
    q,
    `SELECT
       COALESCE((SELECT json_agg(json_build_object('reviewer', ${PERSON('u')}, 'scores', s.scores, 'weighted', s.weighted::float8,
                   'comment', s.comment, 'submitted_at', ${iso('s.submitted_at')}, 'reopened_at', ${iso('s.reopened_at')})
                   ORDER BY s.submitted_at, u.id)
                  FROM application_scores s JOIN users u ON u.id = s.reviewer_id WHERE s.application_id = $1), '[]'::json) AS reviews,
       COALESCE((SELECT json_agg(json_build_object('kind', e.kind,
                   'reviewer', CASE WHEN r.id IS NULL THEN NULL ELSE ${PERSON('r')} END,
                   'actor', CASE WHEN x.id IS NULL THEN NULL ELSE ${PERSON('x')} END,
                   'reason', e.reason, 'old_weighted', e.old_weighted::float8, 'new_weighted', e.new_weighted::float8,
                   'at', ${iso('e.created_at')}) ORDER BY e.created_at, e.id)
                  FROM application_score_events e LEFT JOIN users r ON r.id = e.reviewer_id LEFT JOIN users x ON x.id = e.actor_id
                 WHERE e.application_id = $1), '[]'::json) AS history`,
    [applicationId],
  );
}

// ---- ranking ---------------------------------------------------------------------------------

/** The intake's scored applications by weighted mean (then earliest application), best first (one statement). */
export function ranking(q: Sql, intake: string, status: ApplicationStatus | null) {
  return rows<RankingItem>(
    q,
    `WITH scored AS (
       SELECT s.application_id, avg(s.weighted) AS mean FROM application_scores s
         JOIN programme_applications a ON a.id = s.application_id
        WHERE a.intake = $1 AND ($2::text IS NULL OR a.status = $2)
        GROUP BY s.application_id)
     SELECT (row_number() OVER (ORDER BY sc.mean DESC, a.created_date, a.id))::int AS rank,
            a.id_slug, a.full_name, a.course, a.status, ${SCORE_SUMMARY} AS score,
            (SELECT json_agg(json_build_object('reviewer', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name,
                      'last_name', u.last_name), 'weighted', s.weighted::float8, 'comment', s.comment) ORDER BY s.submitted_at, u.id)
               FROM application_scores s JOIN users u ON u.id = s.reviewer_id WHERE s.application_id = a.id) AS reviews
       FROM scored sc JOIN programme_applications a ON a.id = sc.application_id
      ORDER BY sc.mean DESC, a.created_date, a.id`,
    [intake, status],
  );
}

// ---- offers ---------------------------------------------------------------------------------

/** A cohort an offer may name (its access not ended), locked against deletion for the transaction. */
export function offerCohort(q: Sql, idSlug: string) {
  return one<{ id: string; title: string; end_access_date: Date }>(
    q,
    `SELECT id::text, title, end_access_date FROM cohorts WHERE id_slug = $1 AND end_access_date > now() FOR SHARE`,
    [idSlug],
  );
}

/** The seats held in a cohort for an intake: offers OFFERED, ACCEPTED or ENROLLED (alias `s` is the seats row). */
const HELD = `(SELECT count(*)::int FROM application_offers o JOIN programme_applications a ON a.id = o.application_id
   WHERE o.cohort_id = s.cohort_id AND a.intake = s.intake AND a.status IN ('OFFERED', 'ACCEPTED', 'ENROLLED'))`;

/**
 * The cohorts an offer may name. With an intake, only those given seats for it (and for the
 * course track, when given), each with its seats and free seats; otherwise every open cohort.
 */
export function offerCohorts(q: Sql, intake: string | null, course: string | null) {
  return rows(
    q,
    `SELECT k.id_slug, k.title, ${iso('k.start_date')} AS start_date, ${iso('k.end_date')} AS end_date,
            s.track, s.seats, CASE WHEN s.seats IS NULL THEN NULL ELSE greatest(s.seats - ${HELD}, 0) END AS free
       FROM cohorts k LEFT JOIN admission_cohort_seats s ON s.cohort_id = k.id AND s.intake = $1
      WHERE k.end_access_date > now()
        AND ($1::text IS NULL OR s.cohort_id IS NOT NULL)
        AND ($2::text IS NULL OR s.track = $2)
      ORDER BY k.start_date, k.id`,
    [intake, course],
  );
}

/** The intake's cohorts with seats: track, seats, held and free (one statement). */
export function cohortSeats(q: Sql, intake: string) {
  return rows<CohortSeatsResponse['data'][number]>(
    q,
    `SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, s.track, s.seats, ${HELD} AS held,
            greatest(s.seats - ${HELD}, 0) AS free
       FROM admission_cohort_seats s JOIN cohorts k ON k.id = s.cohort_id
      WHERE s.intake = $1 ORDER BY k.start_date, k.id`,
    [intake],
  );
}

/**
 * A cohort's seats for an intake, locked (FOR UPDATE) while offers are counted against them, so
 * two offers at once cannot both take the last seat. Undefined: the cohort has no seats for it.
 */
export function lockSeats(q: Sql, cohortId: string, intake: string) {
  return one<{ track: string; seats: number; held: number }>(
    q,
    `SELECT s.track, s.seats, ${HELD} AS held FROM admission_cohort_seats s
      WHERE s.cohort_id = $1 AND s.intake = $2 FOR UPDATE`,
    [cohortId, intake],
  );
}

/** Sets a cohort's seats and track for an intake. */
export function saveSeats(q: Sql, cohortId: string, intake: string, track: string, seats: number, by: string) {
  return exec(
    q,
    `INSERT INTO admission_cohort_seats (cohort_id, intake, track, seats, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (cohort_id, intake) DO UPDATE
        SET track = EXCLUDED.track, seats = EXCLUDED.seats, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [cohortId, intake, track, seats, by],
  );
}

/** A cohort by id_slug (any), locked against deletion. */
export function cohortById(q: Sql, idSlug: string) {
  return one<{ id: string }>(q, `SELECT id::text FROM cohorts WHERE id_slug = $1 FOR SHARE`, [idSlug]);
}

/**
 * Moves an OFFERED application's accept-by moment and logs it on the timeline (OFFERED -> OFFERED
 * with the reason), in one statement; answers the new moment, or undefined when no open offer.
 */
export function extendOffer(q: Sql, applicationId: string, acceptBy: string, actorId: string, reason: string) {
  return one<{ accept_by: string }>(
    q,
    `WITH moved AS (
       UPDATE application_offers o SET accept_by = $2 FROM programme_applications a
        WHERE o.application_id = $1 AND a.id = o.application_id AND a.status = 'OFFERED'
       RETURNING o.accept_by),
     logged AS (
       INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason)
       SELECT $1, 'OFFERED', 'OFFERED', $3, $4 FROM moved)
     SELECT ${iso('accept_by')} AS accept_by FROM moved`,
    [applicationId, acceptBy, actorId, reason],
  );
}

/** Records the offers (a re-offer after waitlisting replaces an application's earlier one). */
export function saveOffers(q: Sql, applicationIds: string[], cohortId: string, acceptBy: string) {
  return exec(
    q,
    `INSERT INTO application_offers (application_id, cohort_id, accept_by)
     SELECT unnest($1::bigint[]), $2, $3
     ON CONFLICT (application_id) DO UPDATE
        SET cohort_id = EXCLUDED.cohort_id, accept_by = EXCLUDED.accept_by, offered_at = now(),
            promoted_application_id = NULL, place_released_at = NULL`,
    [applicationIds, cohortId, acceptBy],
  );
}

/** Expires every offer past its accept-by date, with its transition (one statement); answers the expired applications. */
export function expireOffers(q: Sql) {
  return rows<{ id: string }>(
    q,
    `WITH due AS (
       SELECT a.id FROM programme_applications a JOIN application_offers o ON o.application_id = a.id
        WHERE a.status = 'OFFERED' AND o.accept_by <= now()
        ORDER BY a.id FOR UPDATE OF a SKIP LOCKED),
     moved AS (
       UPDATE programme_applications a SET status = 'OFFER_EXPIRED', status_changed_at = now()
         FROM due WHERE a.id = due.id AND a.status = 'OFFERED' RETURNING a.id),
     logged AS (
       INSERT INTO application_transitions (application_id, from_status, to_status, reason)
       SELECT id, 'OFFERED', 'OFFER_EXPIRED', 'Not accepted by the accept-by date' FROM moved)
     SELECT id::text FROM moved`,
  );
}

/**
 * Claims the place a declined, withdrawn or expired offer freed: answers its cohort and offer window once,
 * and undefined to every later claim (whatever the number of workers).
 */
export function claimFreedPlace(q: Sql, applicationId: string) {
  return one<{ intake: string; course: string; cohort_id: string; window_seconds: number }>(
    q,
    `UPDATE application_offers o SET place_released_at = now()
       FROM programme_applications a
      WHERE o.application_id = $1 AND a.id = o.application_id AND a.status IN ('DECLINED', 'WITHDRAWN', 'OFFER_EXPIRED')
        AND o.place_released_at IS NULL
     RETURNING a.intake, a.course, o.cohort_id::text, GREATEST(extract(epoch FROM o.accept_by - o.offered_at), 86400)::float8 AS window_seconds`,
    [applicationId],
  );
}

/**
 * The best-ranked WAITLISTED application (weighted mean, then earliest) of the intake and course
 * track, locked; undefined when none. A freed seat stays in its cohort, so it goes to the same track.
 */
export function nextWaitlisted(q: Sql, intake: string, course: string) {
  return one<{ id: string }>(
    q,
    `SELECT a.id::text FROM programme_applications a
      WHERE a.intake = $1 AND a.course = $2 AND a.status = 'WAITLISTED'
      ORDER BY (SELECT avg(s.weighted) FROM application_scores s WHERE s.application_id = a.id) DESC NULLS LAST, a.created_date, a.id
      LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [intake, course],
  );
}

export function markPromoted(q: Sql, freedFrom: string, promoted: string) {
  return exec(q, `UPDATE application_offers SET promoted_application_id = $2 WHERE application_id = $1`, [freedFrom, promoted]);
}

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

// ---- analytics: one statement each ---------------------------------------------------------

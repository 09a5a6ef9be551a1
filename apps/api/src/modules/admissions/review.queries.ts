import type {
  AdmissionCriterion,
  ApplicationScoresResponse,
  ApplicationStatus,
  RankingItem,
  ReviewQueueItem,
  StaffMember,
} from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso, listPage, type PageQuery } from '../../common/sql/list';
import { SCORE_SUMMARY } from './admissions.queries';

/** The reviewers of applications, the intake's rubric, the reviewers' queue and scores, and the ranking. */

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

import type { CoachSection, OjtReviewParty, SupervisorSection, TraineeSection } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { COACHED_TRAINEES } from '../coaching';

/** A placement as its reviews need it: who, where, the supervisor and whether the caller may act as its coach. */
export interface ReviewPlacement {
  id: string;
  cohort_id: string;
  cohort_title: string;
  user_id: string;
  trainee_name: string;
  host_name: string;
  site: string;
  supervisor_name: string;
  supervisor_email: string;
  /** The caller is the placement's coach or follows the trainee (active) as a coach of the cohort. */
  is_coach: boolean;
  /** The caller's name (staff), for their signature. */
  caller_name: string | null;
}

const PLACEMENT = `
  SELECT pl.id, pl.cohort_id::text AS cohort_id, k.title AS cohort_title, pl.user_id::text AS user_id,
         trim(u.first_name || ' ' || u.last_name) AS trainee_name, h.name AS host_name, pl.site,
         pl.supervisor_name, pl.supervisor_email,
         coalesce(pl.coach_id = $2::bigint OR EXISTS (
            SELECT 1 FROM ${COACHED_TRAINEES('$2')} f WHERE f.cohort_id = pl.cohort_id AND f.user_id = pl.user_id), false) AS is_coach,
         (SELECT trim(c.first_name || ' ' || c.last_name) FROM users c WHERE c.id = $2::bigint) AS caller_name
    FROM placements pl JOIN host_companies h ON h.id = pl.host_company_id JOIN users u ON u.id = pl.user_id
    JOIN cohorts k ON k.id = pl.cohort_id
    JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id AND ${LISTED_ENROLMENT}`;

/** The student's own placement; none for anyone else's. */
export const ownReviewPlacement = (q: Sql, placementSlug: string, userId: string) =>
  one<ReviewPlacement>(q, `${PLACEMENT} WHERE pl.id_slug = $1 AND pl.user_id = $2::bigint`, [placementSlug, userId]);

/** The trainee's placement in the cohort, with whether `staffId` coaches them. */
export const staffReviewPlacement = (q: Sql, cohortSlug: string, userSlug: string, staffId: string) =>
  one<ReviewPlacement>(q, `${PLACEMENT} WHERE k.id_slug = $1 AND u.id_slug = $3`, [cohortSlug, staffId, userSlug]);

/** A placement by its id (a supervisor's link names it). */
export const reviewPlacementById = (q: Sql, placementId: string) =>
  one<ReviewPlacement>(q, `${PLACEMENT} WHERE pl.id = $1::bigint AND $2::bigint IS NULL`, [placementId, null]);

export interface StoredReview {
  id: string;
  id_slug: string;
  review_week: number;
  trainee_section: Partial<TraineeSection>;
  supervisor_section: Partial<SupervisorSection>;
  coach_section: Partial<CoachSection>;
  signatures: { party: OjtReviewParty; by: string; at: string }[];
  sha256: string | null;
  frozen_at: string | null;
}

const REVIEW = `
  SELECT r.id, r.id_slug, r.review_week, r.trainee_section, r.supervisor_section, r.coach_section, r.pdf_sha256 AS sha256,
         ${iso('r.frozen_at')} AS frozen_at,
         coalesce((SELECT json_agg(json_build_object('party', s.party, 'by', s.by_name, 'at', ${iso('s.signed_at')}) ORDER BY s.signed_at, s.id)
                     FROM ojt_review_signatures s WHERE s.review_id = r.id), '[]') AS signatures
    FROM ojt_reviews r`;

/** The placement's stored reviews with their signatures. */
export const storedReviews = (q: Sql, placementId: string) =>
  rows<StoredReview>(q, `${REVIEW} WHERE r.placement_id = $1 ORDER BY r.review_week`, [placementId]);

export const storedReviewById = (q: Sql, reviewId: string) => mustOne<StoredReview>(q, `${REVIEW} WHERE r.id = $1`, [reviewId]);

/** The review's row, made when missing, locked for a change: two signatures of one review run one after the other. */
export async function lockedReview(q: Sql, placementId: string, week: number) {
  await exec(q, `INSERT INTO ojt_reviews (placement_id, review_week) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [placementId, week]);
  const row = await mustOne<{ id: string }>(q, `SELECT id FROM ojt_reviews WHERE placement_id = $1 AND review_week = $2 FOR UPDATE`, [
    placementId,
    week,
  ]);
  return storedReviewById(q, row.id);
}

const SECTION_COLUMN: Record<OjtReviewParty, string> = {
  TRAINEE: 'trainee_section',
  SUPERVISOR: 'supervisor_section',
  COACH: 'coach_section',
};

export const saveSection = (q: Sql, reviewId: string, party: OjtReviewParty, section: object) =>
  exec(q, `UPDATE ojt_reviews SET ${SECTION_COLUMN[party]} = $2::jsonb, updated_at = now() WHERE id = $1`, [
    reviewId,
    JSON.stringify(section),
  ]);

export const recordSignature = (q: Sql, reviewId: string, party: OjtReviewParty, byUserId: string | null, byName: string) =>
  exec(q, `INSERT INTO ojt_review_signatures (review_id, party, by_user_id, by_name) VALUES ($1, $2, $3, $4)`, [
    reviewId,
    party,
    byUserId,
    byName,
  ]);

export const freezeReview = (q: Sql, reviewId: string, pdf: Buffer, sha256: string) =>
  exec(q, `UPDATE ojt_reviews SET pdf = $2, pdf_sha256 = $3, frozen_at = now(), updated_at = now() WHERE id = $1 AND frozen_at IS NULL`, [
    reviewId,
    pdf,
    sha256,
  ]);

export const reviewPdf = (q: Sql, placementId: string, week: number) =>
  one<{ pdf: Buffer; id_slug: string }>(
    q,
    `SELECT pdf, id_slug FROM ojt_reviews WHERE placement_id = $1 AND review_week = $2 AND frozen_at IS NOT NULL`,
    [placementId, week],
  );

/**
 * A frozen review whose recorded hash is `sha256` and whose stored file still hashes to it: an
 * altered file or an altered record does not verify.
 */
export const verifiedReview = (q: Sql, slug: string, sha256: string) =>
  one<{
    id_slug: string;
    week: number;
    trainee_name: string;
    host_name: string;
    cohort_title: string;
    sha256: string;
    frozen_at: string;
    signatures: { party: OjtReviewParty; by: string; at: string }[];
  }>(
    q,
    `SELECT r.id_slug, r.review_week AS week, trim(u.first_name || ' ' || u.last_name) AS trainee_name, h.name AS host_name,
            k.title AS cohort_title, r.pdf_sha256 AS sha256, ${iso('r.frozen_at')} AS frozen_at,
            (SELECT json_agg(json_build_object('party', s.party, 'by', s.by_name, 'at', ${iso('s.signed_at')}) ORDER BY s.signed_at, s.id)
               FROM ojt_review_signatures s WHERE s.review_id = r.id) AS signatures
       FROM ojt_reviews r JOIN placements pl ON pl.id = r.placement_id JOIN users u ON u.id = pl.user_id
       JOIN host_companies h ON h.id = pl.host_company_id JOIN cohorts k ON k.id = pl.cohort_id
      WHERE r.id_slug = $1 AND r.frozen_at IS NOT NULL AND r.pdf_sha256 = lower($2) AND encode(sha256(r.pdf), 'hex') = r.pdf_sha256`,
    [slug, sha256],
  );

/** The cohort's placed trainees with who signed each stored review, in one statement. */
export const cohortReviewRows = (q: Sql, cohortSlug: string) =>
  one<{
    id: string;
    data: {
      user_id: string;
      trainee: { id_slug: string; first_name: string; last_name: string };
      reviews: { week: number; frozen: boolean; signed: OjtReviewParty[] }[];
    }[];
  }>(
    q,
    `SELECT k.id::text AS id,
            coalesce((SELECT json_agg(json_build_object(
                        'user_id', u.id::text,
                        'trainee', json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name),
                        'reviews', coalesce((SELECT json_agg(json_build_object(
                                      'week', r.review_week, 'frozen', r.frozen_at IS NOT NULL,
                                      'signed', (SELECT coalesce(json_agg(s.party), '[]') FROM ojt_review_signatures s WHERE s.review_id = r.id)))
                                    FROM ojt_reviews r WHERE r.placement_id = pl.id), '[]'))
                      ORDER BY lower(u.last_name), lower(u.first_name), u.id)
                        FROM placements pl JOIN users u ON u.id = pl.user_id
                        JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id AND ${LISTED_ENROLMENT}
                       WHERE pl.cohort_id = k.id), '[]') AS data
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug],
  );

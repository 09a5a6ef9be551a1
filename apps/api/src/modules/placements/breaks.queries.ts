import type { BreakReason } from '@school/contracts';
import { iso } from '../../common/sql/list';
import { mustOne, one, type Sql } from '../../common/sql/db';
import { COACHED_TRAINEES } from '../coaching';

/**
 * A placement's breaks as the contracts' PlacementBreak, first first: each with its latest
 * correction applied (a new last day, or withdrawn) and every correction listed. `placementId`: an
 * expression of the caller's statement naming placements.id.
 */
export const BREAKS_JSON = (placementId: string) => `coalesce((
  SELECT json_agg(json_build_object(
           'id_slug', b.id_slug, 'starts_on', b.starts_on::text,
           'ends_on', coalesce(lc.ends_on, b.ends_on)::text,
           'days', CASE WHEN lc.id IS NOT NULL AND lc.ends_on IS NULL THEN 0 ELSE coalesce(lc.ends_on, b.ends_on) - b.starts_on + 1 END,
           'withdrawn', lc.id IS NOT NULL AND lc.ends_on IS NULL,
           'reason', b.reason, 'note', b.note, 'recorded_ends_on', b.ends_on::text,
           'recorded_by', b.by_name, 'recorded_at', ${iso('b.created_at')},
           'corrections', coalesce((SELECT json_agg(json_build_object('ends_on', c.ends_on::text, 'comment', c.comment, 'by', c.by_name,
                                                                    'at', ${iso('c.created_at')}) ORDER BY c.created_at, c.id)
                                      FROM placement_break_corrections c WHERE c.break_id = b.id), '[]'))
           ORDER BY b.starts_on, b.id)
    FROM placement_breaks b
    LEFT JOIN LATERAL (SELECT c.id, c.ends_on FROM placement_break_corrections c WHERE c.break_id = b.id
                        ORDER BY c.created_at DESC, c.id DESC LIMIT 1) lc ON true
   WHERE b.placement_id = ${placementId}), '[]')`;

/**
 * The placement when `viewerId` may act on its breaks: an admin, the placement's coach, or a coach
 * following the trainee in the cohort. None otherwise (the same as no such placement).
 */
export const reachablePlacement = (q: Sql, placementSlug: string, viewerId: string, admin: boolean) =>
  one<{ id: string; cohort_id: string; user_id: string }>(
    q,
    `SELECT pl.id, pl.cohort_id::text AS cohort_id, pl.user_id::text AS user_id FROM placements pl
      WHERE pl.id_slug = $1
        AND ($3::boolean OR pl.coach_id = $2::bigint
             OR EXISTS (SELECT 1 FROM ${COACHED_TRAINEES('$2')} f WHERE f.cohort_id = pl.cohort_id AND f.user_id = pl.user_id))`,
    [placementSlug, viewerId, admin],
  );

/** The same, found by the cohort and the trainee (the coach's trainee page); `found` false: not enrolled there or not theirs. */
export const reachableTraineePlacement = (q: Sql, cohortSlug: string, userSlug: string, viewerId: string, admin: boolean) =>
  one<{ cohort_id: string; placement_slug: string | null }>(
    q,
    `SELECT k.id::text AS cohort_id, (SELECT pl.id_slug FROM placements pl WHERE pl.cohort_id = k.id AND pl.user_id = u.id) AS placement_slug
       FROM cohorts k JOIN enrolments e ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
      WHERE k.id_slug = $1 AND u.id_slug = $2
        AND ($4::boolean OR EXISTS (SELECT 1 FROM placements pl WHERE pl.cohort_id = k.id AND pl.user_id = u.id AND pl.coach_id = $3::bigint)
             OR EXISTS (SELECT 1 FROM ${COACHED_TRAINEES('$3')} f WHERE f.cohort_id = e.cohort_id AND f.user_id = e.user_id))`,
    [cohortSlug, userSlug, viewerId, admin],
  );

/** The placement's cohort locked: a break's timeline change and any other change of the cohort's dates run one after the other. */
export const lockPlacementCohort = (q: Sql, cohortId: string) => one(q, `SELECT id FROM cohorts WHERE id = $1 FOR UPDATE`, [cohortId]);

/** The placement's standing breaks (not withdrawn), with their current last day. */
export const activeBreaks = (q: Sql, placementId: string) =>
  one<{ list: { id_slug: string; starts_on: string; ends_on: string }[] }>(
    q,
    `SELECT coalesce(json_agg(json_build_object('id_slug', b.id_slug, 'starts_on', b.starts_on::text,
                                                'ends_on', coalesce(lc.ends_on, b.ends_on)::text) ORDER BY b.starts_on), '[]') AS list
       FROM placement_breaks b
       LEFT JOIN LATERAL (SELECT c.id, c.ends_on FROM placement_break_corrections c WHERE c.break_id = b.id
                           ORDER BY c.created_at DESC, c.id DESC LIMIT 1) lc ON true
      WHERE b.placement_id = $1 AND NOT (lc.id IS NOT NULL AND lc.ends_on IS NULL)`,
    [placementId],
  ).then((r) => r?.list ?? []);

export const insertBreak = (
  q: Sql,
  placementId: string,
  b: { starts_on: string; ends_on: string; reason: BreakReason; note: string },
  by: { id: string },
) =>
  mustOne<{ id_slug: string }>(
    q,
    `INSERT INTO placement_breaks (placement_id, starts_on, ends_on, reason, note, by_user_id, by_name)
     SELECT $1, $2, $3, $4, $5, u.id, trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = $6
     RETURNING id_slug`,
    [placementId, b.starts_on, b.ends_on, b.reason, b.note, by.id],
  );

/** A break of the placement by slug, with its latest state. */
export const breakOf = (q: Sql, placementId: string, breakSlug: string) =>
  one<{ id: string; starts_on: string; ends_on: string; withdrawn: boolean }>(
    q,
    `SELECT b.id, b.starts_on::text AS starts_on, coalesce(lc.ends_on, b.ends_on)::text AS ends_on,
            (lc.id IS NOT NULL AND lc.ends_on IS NULL) AS withdrawn
       FROM placement_breaks b
       LEFT JOIN LATERAL (SELECT c.id, c.ends_on FROM placement_break_corrections c WHERE c.break_id = b.id
                           ORDER BY c.created_at DESC, c.id DESC LIMIT 1) lc ON true
      WHERE b.placement_id = $1 AND b.id_slug = $2`,
    [placementId, breakSlug],
  );

export const insertCorrection = (q: Sql, breakId: string, endsOn: string | null, comment: string, by: { id: string }) =>
  mustOne(
    q,
    `INSERT INTO placement_break_corrections (break_id, ends_on, comment, by_user_id, by_name)
     SELECT $1, $2, $3, u.id, trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = $4 RETURNING id`,
    [breakId, endsOn, comment, by.id],
  );

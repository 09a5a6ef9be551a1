import { one, rows, type Sql } from '../../common/sql/db';

/**
 * Who a coach follows, for every module that needs it (early warning, exceptions, the coach's home).
 * Ids are the internal ones (`users.id`, `cohorts.id`) as strings, as pg answers bigints. Each helper
 * reads the tables in its own statement and nothing caches them, so an admin's change takes effect
 * on the next request.
 */

/**
 * The enrolments (any status) coach `coachId` follows: every enrolment of a cohort they coach as a
 * whole, else the trainees chosen for them. Rows `(cohort_id, user_id, enrolment_status)`.
 */
export const FOLLOWED_ENROLMENTS = (coachId: string) => `(
  SELECT e.cohort_id, e.user_id, e.enrolment_status
    FROM cohort_coaches cc
    JOIN enrolments e ON e.cohort_id = cc.cohort_id
   WHERE cc.user_id = (${coachId})::bigint
     AND (cc.whole_cohort OR EXISTS (
           SELECT 1 FROM coach_trainees ct
            WHERE ct.cohort_id = cc.cohort_id AND ct.coach_id = cc.user_id AND ct.user_id = e.user_id)))`;

/**
 * An SQL subquery of the active enrolments coach `coachId` follows, as rows `(cohort_id bigint,
 * user_id bigint)`. `coachId` is a placeholder or expression of the caller's statement, e.g.
 * `COACHED_TRAINEES('$1')`: `... JOIN ${COACHED_TRAINEES('$1')} ct ON ct.user_id = u.id`.
 */
export const COACHED_TRAINEES = (coachId: string) => `(
  SELECT f.cohort_id, f.user_id FROM ${FOLLOWED_ENROLMENTS(coachId)} f WHERE f.enrolment_status = 'ACTIVE')`;

export interface CoachContact {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The coaches following each of the given trainees of a cohort (whole-cohort coaches and those they
 * were chosen for; suspended accounts left out, as they can act on nothing), by name, in one
 * statement. Every asked trainee is a key; not enrolled in the cohort or followed by no one: `[]`.
 */
export async function coachesOf(q: Sql, cohortId: string, userIds: string[]): Promise<Map<string, CoachContact[]>> {
  const found = new Map<string, CoachContact[]>(userIds.map((id) => [String(id), []]));
  if (userIds.length === 0) return found;
  const list = await rows<{ trainee_id: string } & CoachContact>(
    q,
    `SELECT t.user_id::text AS trainee_id, u.id::text AS id, u.email, u.first_name, u.last_name
       FROM (SELECT DISTINCT unnest($2::bigint[]) AS user_id) t
       JOIN enrolments e ON e.cohort_id = $1::bigint AND e.user_id = t.user_id
       JOIN cohort_coaches cc ON cc.cohort_id = $1::bigint
       JOIN users u ON u.id = cc.user_id AND NOT u.is_suspended
      WHERE cc.whole_cohort OR EXISTS (
              SELECT 1 FROM coach_trainees ct WHERE ct.cohort_id = cc.cohort_id AND ct.coach_id = cc.user_id AND ct.user_id = t.user_id)
      ORDER BY u.first_name, u.last_name, u.id`,
    [cohortId, userIds],
  );
  for (const { trainee_id, ...coach } of list) found.get(trainee_id)?.push(coach);
  return found;
}

/** Whether `coachId` follows trainee `userId`'s active enrolment in cohort `cohortId` (see COACHED_TRAINEES). */
export async function isCoachOf(q: Sql, coachId: string, cohortId: string, userId: string): Promise<boolean> {
  const row = await one<{ yes: boolean }>(
    q,
    `SELECT EXISTS (SELECT 1 FROM ${COACHED_TRAINEES('$1')} ct WHERE ct.cohort_id = $2::bigint AND ct.user_id = $3::bigint) AS yes`,
    [coachId, cohortId, userId],
  );
  return row?.yes ?? false;
}

/**
 * Whether `coachId` follows the trainee `userSlug` in cohort `cohortSlug` (any enrolment status: a
 * coach still reads a suspended trainee's page), by public ids, for reads keyed by slugs.
 */
export async function followsBySlug(q: Sql, coachId: string, cohortSlug: string, userSlug: string): Promise<boolean> {
  const row = await one<{ yes: boolean }>(
    q,
    `SELECT EXISTS (
       SELECT 1 FROM ${FOLLOWED_ENROLMENTS('$1')} f JOIN cohorts k ON k.id = f.cohort_id JOIN users u ON u.id = f.user_id
        WHERE k.id_slug = $2 AND u.id_slug = $3) AS yes`,
    [coachId, cohortSlug, userSlug],
  );
  return row?.yes ?? false;
}

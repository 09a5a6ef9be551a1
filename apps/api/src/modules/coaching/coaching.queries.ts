import type { CohortCoach, CohortInstructor, MyTrainee, MyTraineesQuery } from '@school/contracts';
import { exec, one, type Sql } from '../../common/sql/db';
import { iso, likePattern, listPage, orderBy } from '../../common/sql/list';
import { FOLLOWED_ENROLMENTS } from './coach-reach';

/** Staff who may coach: instructors and admins whose account is not suspended (users `u`). */
const STAFF = `u.role IN ('ADMIN', 'INSTRUCTOR') AND NOT u.is_suspended`;
const STAFF_JSON = `json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
  'email', u.email, 'role', u.role)`;
/** The expression the trigram index users_search_trgm_idx covers. */
const USER_SEARCH = `(u.first_name || ' ' || u.last_name || ' ' || u.email)`;

/** The coaches of cohort `k` by name, each with their chosen trainees by name, as JSON. */
const COACHES_OF_K = `COALESCE((
  SELECT json_agg(${STAFF_JSON}::jsonb || jsonb_build_object('whole_cohort', cc.whole_cohort, 'trainees', COALESCE((
           SELECT jsonb_agg(jsonb_build_object('id_slug', t.id_slug, 'first_name', t.first_name, 'last_name', t.last_name, 'email', t.email)
                            ORDER BY t.first_name, t.last_name, t.id)
             FROM coach_trainees ct JOIN users t ON t.id = ct.user_id
            WHERE ct.cohort_id = cc.cohort_id AND ct.coach_id = cc.user_id), '[]'::jsonb))
         ORDER BY u.first_name, u.last_name, u.id)
    FROM cohort_coaches cc JOIN users u ON u.id = cc.user_id WHERE cc.cohort_id = k.id), '[]'::json)`;

/** The cohort's coaches; undefined when there is no such cohort. */
export async function cohortCoaches(q: Sql, cohortSlug: string): Promise<CohortCoach[] | undefined> {
  return (await one<{ data: CohortCoach[] }>(q, `SELECT ${COACHES_OF_K} AS data FROM cohorts k WHERE k.id_slug = $1`, [cohortSlug]))?.data;
}

/** Staff not yet coaching the cohort, matching `pattern` (ILIKE over name and email; null: everyone), by name, at most 20. */
export async function coachCandidates(q: Sql, cohortSlug: string, pattern: string | null): Promise<CohortInstructor[] | undefined> {
  const row = await one<{ data: CohortInstructor[] }>(
    q,
    `SELECT COALESCE((
        SELECT json_agg(x.j ORDER BY x.first_name, x.last_name, x.id) FROM (
          SELECT ${STAFF_JSON} AS j, u.first_name, u.last_name, u.id FROM users u
           WHERE ${STAFF}
             AND ($2::text IS NULL OR ${USER_SEARCH} ILIKE $2)
             AND NOT EXISTS (SELECT 1 FROM cohort_coaches cc WHERE cc.cohort_id = k.id AND cc.user_id = u.id)
           ORDER BY u.first_name, u.last_name, u.id LIMIT 20) x), '[]'::json) AS data
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug, pattern],
  );
  return row?.data;
}

/** What a coach assignment found: the cohort, the coach account (staff or not), and how many of the trainees are enrolled. */
export interface CoachTarget {
  cohort_id: string;
  coach_id: string | null;
  staff: boolean;
  coaching: boolean;
  enrolled: number;
}

/**
 * Locks the cohort's coach row (when there is one) and reads what an assignment needs; undefined
 * when there is no such cohort. Run inside the assignment's transaction.
 */
export async function coachTarget(q: Sql, cohortSlug: string, userSlug: string, traineeSlugs: string[]) {
  return one<CoachTarget>(
    q,
    `SELECT k.id::text AS cohort_id, u.id::text AS coach_id, COALESCE(${STAFF}, false) AS staff,
            EXISTS (SELECT 1 FROM cohort_coaches cc WHERE cc.cohort_id = k.id AND cc.user_id = u.id) AS coaching,
            (SELECT count(*)::int FROM enrolments e JOIN users t ON t.id = e.user_id
              WHERE e.cohort_id = k.id AND t.id_slug = ANY ($3::text[])) AS enrolled
       FROM cohorts k LEFT JOIN users u ON u.id_slug = $2
      WHERE k.id_slug = $1
      FOR SHARE OF k`,
    [cohortSlug, userSlug, traineeSlugs],
  );
}

/** Makes the account a coach of the cohort (kept when already one) and sets whom they follow. */
export async function saveCoach(q: Sql, cohortId: string, coachId: string, traineeSlugs: string[], by: string): Promise<void> {
  await exec(
    q,
    `INSERT INTO cohort_coaches (cohort_id, user_id, assigned_by) VALUES ($1, $2, $3) ON CONFLICT (cohort_id, user_id) DO NOTHING`,
    [cohortId, coachId, by],
  );
  await setTrainees(q, cohortId, coachId, traineeSlugs);
}

/** Replaces the trainees chosen for a coach (none: the whole cohort). */
export async function setTrainees(q: Sql, cohortId: string, coachId: string, traineeSlugs: string[]): Promise<void> {
  await exec(q, `UPDATE cohort_coaches SET whole_cohort = $3 WHERE cohort_id = $1 AND user_id = $2`, [
    cohortId,
    coachId,
    traineeSlugs.length === 0,
  ]);
  await exec(
    q,
    `WITH chosen AS (
       SELECT e.user_id FROM enrolments e JOIN users t ON t.id = e.user_id WHERE e.cohort_id = $1 AND t.id_slug = ANY ($3::text[])
     ), dropped AS (
       DELETE FROM coach_trainees ct WHERE ct.cohort_id = $1 AND ct.coach_id = $2 AND ct.user_id NOT IN (SELECT user_id FROM chosen)
     )
     INSERT INTO coach_trainees (cohort_id, coach_id, user_id) SELECT $1, $2, user_id FROM chosen ON CONFLICT DO NOTHING`,
    [cohortId, coachId, traineeSlugs],
  );
}

/** Removes the account from the cohort's coaches (their picks go with them). Answers whether it was a coach; undefined: no cohort. */
export async function removeCoach(q: Sql, cohortSlug: string, userSlug: string) {
  return one<{ removed: boolean }>(
    q,
    `WITH removed AS (
       DELETE FROM cohort_coaches cc USING cohorts k, users u
        WHERE k.id_slug = $1 AND u.id_slug = $2 AND cc.cohort_id = k.id AND cc.user_id = u.id
       RETURNING cc.user_id
     )
     SELECT EXISTS (SELECT 1 FROM removed) AS removed FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug, userSlug],
  );
}

/** One followed enrolment as MyTraineeSchema (aliases `u` trainee, `e` enrolment, `k` cohort). */
const TRAINEE_JSON = `json_build_object(
  'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email,
  'cohort_id_slug', k.id_slug, 'cohort_title', k.title, 'enrolment_status', e.enrolment_status,
  'latest_access_datetime', ${iso('e.latest_access_datetime')},
  'completion_percentage', enrolment_completion(e.user_id, e.cohort_id)::float8)`;

const TRAINEE_SORTS = { first_name: 'name', created_date: 'created_date' };

/**
 * One page of the trainees a coach follows, in every cohort they coach (by name, or by enrolment date): one
 * statement, the search through the trigram-indexed expression, progress computed for the page only.
 */
export async function myTrainees(q: Sql, coachId: string, query: MyTraineesQuery) {
  const params: unknown[] = [coachId];
  let search = '';
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    search = `AND ${USER_SEARCH} ILIKE $2`;
  }
  return listPage<MyTrainee>(q, {
    matching: `SELECT e.id, lower(u.first_name || ' ' || u.last_name) AS name, e.created_date
                 FROM ${FOLLOWED_ENROLMENTS('$1')} f
                 JOIN enrolments e ON e.cohort_id = f.cohort_id AND e.user_id = f.user_id
                 JOIN users u ON u.id = e.user_id JOIN cohorts k ON k.id = e.cohort_id
                WHERE true ${search}`,
    order: orderBy(query.order_by, TRAINEE_SORTS, 'first_name'),
    item: TRAINEE_JSON,
    join: `JOIN enrolments e ON e.id = p.id JOIN users u ON u.id = e.user_id JOIN cohorts k ON k.id = e.cohort_id`,
    params,
    page: query,
  });
}

/**
 * A trainee's enrolment in a cohort as the coach's home shows it: for an admin any
 * enrolment, for anyone else only one they follow. Undefined otherwise.
 */
export async function traineeOf(q: Sql, viewerId: string, admin: boolean, cohortSlug: string, userSlug: string) {
  return (
    await one<{ data: MyTrainee }>(
      q,
      `SELECT ${TRAINEE_JSON} AS data
         FROM cohorts k JOIN enrolments e ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
        WHERE k.id_slug = $3 AND u.id_slug = $4
          AND ($2::boolean OR EXISTS (SELECT 1 FROM ${FOLLOWED_ENROLMENTS('$1')} f WHERE f.cohort_id = e.cohort_id AND f.user_id = e.user_id))`,
      [viewerId, admin, cohortSlug, userSlug],
    )
  )?.data;
}

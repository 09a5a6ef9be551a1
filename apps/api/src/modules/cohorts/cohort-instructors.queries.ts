import type { CohortInstructor } from '@school/contracts';
import { one, type Sql } from '../../common/sql/db';

/** Staff who may teach: instructors and admins whose account is not suspended (users `u`). */
const STAFF = `u.role IN ('ADMIN', 'INSTRUCTOR') AND NOT u.is_suspended`;
const INSTRUCTOR_JSON = `json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
  'email', u.email, 'role', u.role)`;
/** The instructors of cohort `k` by name, as JSON. */
const INSTRUCTORS_OF_K = `COALESCE((
  SELECT json_agg(${INSTRUCTOR_JSON} ORDER BY u.first_name, u.last_name, u.id)
    FROM cohort_instructors ci JOIN users u ON u.id = ci.user_id WHERE ci.cohort_id = k.id), '[]'::json)`;

/** The cohort's instructors; undefined when there is no such cohort. */
export async function cohortInstructors(q: Sql, cohortSlug: string): Promise<CohortInstructor[] | undefined> {
  return (
    await one<{ data: CohortInstructor[] }>(q, `SELECT ${INSTRUCTORS_OF_K} AS data FROM cohorts k WHERE k.id_slug = $1`, [cohortSlug])
  )?.data;
}

/**
 * Staff not yet teaching the cohort, matching `pattern` (an ILIKE pattern over name and email, the
 * trigram-indexed expression; null: everyone), by name, at most 20; undefined when there is no such cohort.
 */
export async function instructorCandidates(q: Sql, cohortSlug: string, pattern: string | null): Promise<CohortInstructor[] | undefined> {
  const row = await one<{ data: CohortInstructor[] }>(
    q,
    `SELECT COALESCE((
        SELECT json_agg(x.j ORDER BY x.first_name, x.last_name, x.id) FROM (
          SELECT ${INSTRUCTOR_JSON} AS j, u.first_name, u.last_name, u.id FROM users u
           WHERE ${STAFF}
             AND ($2::text IS NULL OR (u.first_name || ' ' || u.last_name || ' ' || u.email) ILIKE $2)
             AND NOT EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = k.id AND ci.user_id = u.id)
           ORDER BY u.first_name, u.last_name, u.id LIMIT 20) x), '[]'::json) AS data
       FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug, pattern],
  );
  return row?.data;
}

/**
 * Links a staff account to the cohort (kept when already linked), in one statement. Answers
 * whether the cohort exists, whether the account is staff, and the instructors afterwards.
 */
export async function assignInstructor(q: Sql, cohortSlug: string, userSlug: string) {
  return one<{ staff: boolean }>(
    q,
    `WITH staff AS (SELECT u.id FROM users u WHERE u.id_slug = $2 AND ${STAFF}),
     linked AS (
       INSERT INTO cohort_instructors (cohort_id, user_id)
       SELECT k.id, s.id FROM cohorts k CROSS JOIN staff s WHERE k.id_slug = $1
       ON CONFLICT DO NOTHING RETURNING user_id
     )
     SELECT EXISTS (SELECT 1 FROM staff) AS staff FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug, userSlug],
  );
}

/** Unlinks a staff account from the cohort. Answers whether it was linked; undefined when there is no such cohort. */
export async function removeInstructor(q: Sql, cohortSlug: string, userSlug: string) {
  return one<{ removed: boolean }>(
    q,
    `WITH removed AS (
       DELETE FROM cohort_instructors ci USING cohorts k, users u
        WHERE k.id_slug = $1 AND u.id_slug = $2 AND ci.cohort_id = k.id AND ci.user_id = u.id
       RETURNING ci.user_id
     )
     SELECT EXISTS (SELECT 1 FROM removed) AS removed FROM cohorts k WHERE k.id_slug = $1`,
    [cohortSlug, userSlug],
  );
}

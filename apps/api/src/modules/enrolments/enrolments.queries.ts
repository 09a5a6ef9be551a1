import type {
  AdminStudentListQuery,
  AdminStudentListResponse,
  BulkStudentRow,
  CohortQueueQuery,
  CohortQueueResponse,
  CohortStudentsQuery,
  CohortStudentsResponse,
  Student,
} from '@school/contracts';
import { LOCK_QUEUE_FOR_BULK_ADD_FROM } from '../../common/cohort-queue-lock';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { iso, likePattern, numPages, orderBy, page, pageQuery } from '../../common/sql/list';

/** A student row (aliases `u` for the user, `e` for the enrolment, `k` for the cohort) as StudentSchema. */
export const STUDENT_JSON = `json_build_object(
  'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email,
  'cohort_enrollment', json_build_object('cohort_id_slug', k.id_slug, 'cohort_title', k.title, 'enrolment_status', e.enrolment_status),
  'enrolment_status', e.enrolment_status,
  'latest_access_datetime', ${iso('e.latest_access_datetime')},
  'completion_percentage', enrolment_completion(e.user_id, e.cohort_id)::float8,
  'is_suspended', u.is_suspended)`;

/** The expression the trigram index users_search_trgm_idx covers. */
const USER_SEARCH = `(u.first_name || ' ' || u.last_name || ' ' || u.email)`;

const STUDENT_SORTS = { first_name: 'lower(first_name)', last_name: 'lower(last_name)', email: 'email', created_date: 'created_date' };

/**
 * The school-wide student list as one statement (also run by the benchmark's ceiling): the total
 * and one page, searched through the trigram index and sorted in SQL. Each row carries one
 * enrolment (the asked cohort's, else the latest: the spec's fields) and every cohort of the
 * student with its progress, aggregated per student for the page's rows only.
 */
export function studentListQuery(q: AdminStudentListQuery): { text: string; values: unknown[] } {
  const order = orderBy(q.order_by, STUDENT_SORTS, '-created_date');
  const values: unknown[] = [];
  const where = [`u.role = 'STUDENT'`];
  let cohortParam = 'NULL';
  if (q.search_query) {
    values.push(likePattern(q.search_query));
    where.push(`${USER_SEARCH} ILIKE $${values.length}`);
  }
  if (q.cohort_id_slug) {
    values.push(q.cohort_id_slug);
    cohortParam = `$${values.length}`;
    where.push(
      `EXISTS (SELECT 1 FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id WHERE e.user_id = u.id AND k.id_slug = ${cohortParam})`,
    );
  }
  if (q.exclude_cohort_id_slug) {
    values.push(q.exclude_cohort_id_slug);
    where.push(
      `NOT EXISTS (SELECT 1 FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id WHERE e.user_id = u.id AND k.id_slug = $${values.length})`,
    );
  }
  return pageQuery({
    matching: `SELECT u.id, u.id_slug, u.first_name, u.last_name, u.email, u.role, u.is_suspended, u.created_date FROM users u WHERE ${where.join(' AND ')}`,
    order,
    item: `json_build_object(
                'id_slug', p.id_slug, 'first_name', p.first_name, 'last_name', p.last_name, 'email', p.email,
                'role', p.role, 'created_date', ${iso('p.created_date')},
                'cohort_enrollment', CASE WHEN en.cohort_id_slug IS NULL THEN NULL ELSE json_build_object(
                   'cohort_id_slug', en.cohort_id_slug, 'cohort_title', en.cohort_title, 'enrolment_status', en.enrolment_status) END,
                'enrolment_status', en.enrolment_status,
                'latest_access_datetime', ${iso('en.latest_access_datetime')},
                'completion_percentage', COALESCE(en.completion_percentage, 0)::float8,
                'is_suspended', p.is_suspended,
                'cohort_enrollments', COALESCE(ens.cohorts, '[]'::json)
              )`,
    join: `LEFT JOIN LATERAL (
                SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, e.enrolment_status, e.latest_access_datetime,
                       enrolment_completion(e.user_id, e.cohort_id) AS completion_percentage
                  FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id
                 WHERE e.user_id = p.id AND (${cohortParam}::text IS NULL OR k.id_slug = ${cohortParam})
                 ORDER BY e.created_date DESC, e.id DESC LIMIT 1
              ) en ON true
              LEFT JOIN LATERAL (
                SELECT json_agg(json_build_object(
                         'cohort_id_slug', k.id_slug, 'cohort_title', k.title, 'enrolment_status', e.enrolment_status,
                         'completion_percentage', enrolment_completion(e.user_id, e.cohort_id)::float8,
                         'latest_access_datetime', ${iso('e.latest_access_datetime')}
                       ) ORDER BY e.created_date DESC, e.id DESC) AS cohorts
                  FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id
                 WHERE e.user_id = p.id
              ) ens ON true`,
    params: values,
    page: q,
  });
}

/** The school-wide student list: `{ data, count, num_pages }`. */
export async function listStudents(q: Sql, query: AdminStudentListQuery) {
  const { text, values } = studentListQuery(query);
  const row = (await one<{ data: AdminStudentListResponse['data']; count: number }>(q, text, values))!;
  return { data: row.data, count: row.count, num_pages: numPages(row.count, query.page_size) };
}

/** A cohort's students, newest enrolment first by default; undefined when the cohort does not exist. */
export async function cohortStudents(
  q: Sql,
  cohortIdSlug: string,
  query: CohortStudentsQuery,
): Promise<CohortStudentsResponse | undefined> {
  const params: unknown[] = [cohortIdSlug];
  let search = '';
  if (query.search_query) {
    params.push(likePattern(query.search_query));
    search = `AND ${USER_SEARCH} ILIKE $2`;
  }
  return page<Student>(q, {
    with: `k AS (SELECT id, id_slug, title FROM cohorts WHERE id_slug = $1)`,
    matching: `SELECT e.id, e.user_id, e.created_date, u.first_name, u.last_name, u.email
                 FROM enrolments e JOIN k ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
                WHERE true ${search}`,
    order: orderBy(query.order_by, STUDENT_SORTS, '-created_date'),
    item: STUDENT_JSON,
    join: `JOIN enrolments e ON e.id = p.id JOIN users u ON u.id = e.user_id`,
    from: 'FROM k',
    params,
    page: query,
  });
}

/** People queued for a cohort (no account yet), in the order they were added; undefined when the cohort does not exist. */
export async function cohortQueue(q: Sql, cohortIdSlug: string, query: CohortQueueQuery): Promise<CohortQueueResponse | undefined> {
  const found = await page<CohortQueueResponse['results'][number]>(q, {
    with: `k AS (SELECT id FROM cohorts WHERE id_slug = $1)`,
    matching: `SELECT q.* FROM cohort_queue q JOIN k ON q.cohort_id = k.id`,
    order: 'created_date, id',
    item: `json_build_object('email', q.email, 'first_name', q.first_name, 'last_name', q.last_name)`,
    as: 'q',
    from: 'FROM k',
    params: [cohortIdSlug],
    page: query,
  });
  return found && { results: found.data, count: found.count };
}

/** What the bulk add's statement did with each valid row (`ord` is its 1-based place among the valid rows). */
export interface RowOutcome {
  ord: number;
  has_account: boolean;
  is_student: boolean;
  enrolled: boolean;
  queued: boolean;
  /** The enrolment this row created, if any, and the account's first name (for its notice). */
  enrolment_id: string | null;
  account_first_name: string | null;
  /** The invitation a newly queued row was given, and which send of it to mail. */
  invitation_id: string | null;
  invitation_send: number | null;
}

export interface LockedCohort {
  id: string;
  id_slug: string;
  title: string;
  start_date: Date;
  end_date: Date;
}

/**
 * Locks the cohort ($1 id_slug) against deletion while its students are written, and the cohort
 * queue against registrations (see cohort-queue-lock.ts), in one statement.
 */
const LOCK_COHORT_SQL = `SELECT c.id, c.id_slug, c.title, c.start_date, c.end_date FROM ${LOCK_QUEUE_FOR_BULK_ADD_FROM}, cohorts c WHERE c.id_slug = $1 FOR SHARE OF c`;

/**
 * The whole write in one statement: $1 cohort id, $2/$3/$4 emails, first and last names.
 * Verified student accounts are enrolled, other emails queued and invited; nothing is written twice.
 */
const BULK_ADD_SQL = `
WITH input AS (
  SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(email, first_name, last_name, ord)
), matched AS (
  -- Only an account that proved its email is enrolled; an unverified one is queued like an email
  -- without an account, and joins once it confirms the address (or registers through the invitation).
  SELECT i.*, u.id AS user_id, u.role, u.first_name AS account_first_name
    FROM input i LEFT JOIN users u ON u.email = i.email AND u.email_verified_at IS NOT NULL
), enrolled AS (
  INSERT INTO enrolments (cohort_id, user_id)
  SELECT $1, user_id FROM matched WHERE role = 'STUDENT'
  ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING user_id, id
), queued AS (
  INSERT INTO cohort_queue (cohort_id, email, first_name, last_name)
  SELECT $1, email, first_name, last_name FROM matched WHERE user_id IS NULL
  ON CONFLICT (cohort_id, email) DO NOTHING RETURNING email
), invited AS (
  INSERT INTO cohort_invitations (cohort_id, email)
  SELECT $1, email FROM queued
  ON CONFLICT (cohort_id, email) DO UPDATE
     SET sends = cohort_invitations.sends + 1, token_hash = NULL, created_at = now(), sent_at = NULL, opened_at = NULL,
         accepted_at = NULL, accepted_user_id = NULL, failed_at = NULL, failure = NULL
  RETURNING email, id, sends
)
SELECT m.ord::int, m.user_id IS NOT NULL AS has_account, m.role IS NOT DISTINCT FROM 'STUDENT' AS is_student,
       e.user_id IS NOT NULL AS enrolled, q.email IS NOT NULL AS queued, e.id::text AS enrolment_id, m.account_first_name,
       i.id::text AS invitation_id, i.sends AS invitation_send
  FROM matched m
  LEFT JOIN enrolled e ON e.user_id = m.user_id
  LEFT JOIN queued q ON q.email = m.email
  LEFT JOIN invited i ON i.email = m.email`;

/**
 * The bulk add's writes, inside the caller's transaction: locks the cohort, then enrols the student
 * accounts and queues the emails without one. Undefined when the cohort does not exist.
 */
export async function writeBulkAdd(
  q: Sql,
  cohortIdSlug: string,
  valid: BulkStudentRow[],
): Promise<{ cohort: LockedCohort; outcomes: RowOutcome[] } | undefined> {
  const cohort = await one<LockedCohort>(q, LOCK_COHORT_SQL, [cohortIdSlug]);
  if (!cohort) return undefined;
  if (!valid.length) return { cohort, outcomes: [] };
  const values = [cohort.id, valid.map((r) => r.email), valid.map((r) => r.first_name), valid.map((r) => r.last_name)];
  return { cohort, outcomes: await rows<RowOutcome>(q, BULK_ADD_SQL, values) };
}

/**
 * Sets a student's enrolment to ACTIVE or SUSPENDED unless it is COMPLETED; no row when the
 * student is not enrolled in the cohort, else whether it changed.
 */
export function setEnrolmentStatus(q: Sql, cohortIdSlug: string, userIdSlug: string, status: string) {
  return one<{ enrolment_status: string; updated: boolean }>(
    q,
    `WITH e AS (
       SELECT e.id, e.enrolment_status FROM enrolments e
         JOIN cohorts k ON k.id = e.cohort_id JOIN users u ON u.id = e.user_id
        WHERE k.id_slug = $1 AND u.id_slug = $2 AND u.role = 'STUDENT'),
     up AS (
       UPDATE enrolments SET enrolment_status = $3, modified_date = now()
        WHERE id IN (SELECT id FROM e WHERE enrolment_status IN ('ACTIVE', 'SUSPENDED')) RETURNING id)
     SELECT e.enrolment_status, EXISTS (SELECT 1 FROM up) AS updated FROM e`,
    [cohortIdSlug, userIdSlug, status],
  );
}

/**
 * Marks a student's ACTIVE enrolment COMPLETED; no row when the student is not enrolled in the
 * cohort, else the status it had and whether it changed.
 */
export function completeEnrolment(q: Sql, cohortIdSlug: string, userIdSlug: string) {
  return one<{ enrolment_status: string; updated: boolean }>(
    q,
    `WITH e AS (
       SELECT e.id, e.enrolment_status FROM enrolments e
         JOIN cohorts k ON k.id = e.cohort_id JOIN users u ON u.id = e.user_id
        WHERE k.id_slug = $1 AND u.id_slug = $2 AND u.role = 'STUDENT'),
     up AS (
       UPDATE enrolments SET enrolment_status = 'COMPLETED', modified_date = now()
        WHERE id IN (SELECT id FROM e WHERE enrolment_status = 'ACTIVE') RETURNING id)
     SELECT e.enrolment_status, EXISTS (SELECT 1 FROM up) AS updated FROM e`,
    [cohortIdSlug, userIdSlug],
  );
}

/** Enrols a student; answers the new enrolment's id, or undefined when they already were enrolled. */
export async function insertEnrolment(q: Sql, cohortId: string, userId: string): Promise<string | undefined> {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO enrolments (cohort_id, user_id) VALUES ($1, $2) ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING id`,
    [cohortId, userId],
  );
  return row && String(row.id);
}

/** Deletes an enrolment; answers whether there was one. */
export async function deleteEnrolment(q: Sql, cohortId: string, userId: string): Promise<boolean> {
  const deleted = await rows<{ id: string }>(q, `DELETE FROM enrolments WHERE cohort_id = $1 AND user_id = $2 RETURNING id`, [
    cohortId,
    userId,
  ]);
  return deleted.length > 0;
}

/** Deletes a student's progress, grades and certificates in a cohort (three statements). */
export async function deleteCohortRecords(q: Sql, cohortId: string, userId: string): Promise<void> {
  const params = [cohortId, userId];
  await exec(q, `DELETE FROM lesson_completions WHERE cohort_id = $1 AND user_id = $2`, params);
  await exec(
    q,
    `DELETE FROM user_grades ug USING cohort_grades g WHERE ug.cohort_grade_id = g.id AND g.cohort_id = $1 AND ug.user_id = $2`,
    params,
  );
  await exec(q, `DELETE FROM user_certificates WHERE cohort_id = $1 AND user_id = $2`, params);
}

export interface EnrolCohortRow {
  id: string;
  id_slug: string;
  title: string;
  start_date: Date;
  end_date: Date;
}
export interface EnrolStudentRow {
  id: string;
  id_slug: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** A cohort, locked against deletion until the transaction ends. */
export function shareCohort(q: Sql, idSlug: string) {
  return one<EnrolCohortRow>(q, `SELECT id, id_slug, title, start_date, end_date FROM cohorts WHERE id_slug = $1 FOR SHARE`, [idSlug]);
}

export function findStudent(q: Sql, idSlug: string) {
  return one<EnrolStudentRow>(q, `SELECT id, id_slug, first_name, last_name, email FROM users WHERE id_slug = $1 AND role = 'STUDENT'`, [
    idSlug,
  ]);
}

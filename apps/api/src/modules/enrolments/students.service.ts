import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AdminStudentListQuery,
  AdminStudentListResponse,
  CohortQueueQuery,
  CohortQueueResponse,
  CohortStudentsQuery,
  CohortStudentsResponse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { iso, likePattern, numPages, orderBy, pageOffset } from '../courses/admin-list';
import { COHORT_NOT_FOUND } from '../cohorts/cohorts.service';
import { STUDENT_JSON } from '../cohorts/cohort-queries';

/** The expression the trigram index users_search_trgm_idx covers. */
const USER_SEARCH = `(u.first_name || ' ' || u.last_name || ' ' || u.email)`;

const STUDENT_SORTS = { first_name: 'lower(first_name)', last_name: 'lower(last_name)', email: 'email', created_date: 'created_date' };

/**
 * The school-wide student list as one statement (also run by the benchmark's ceiling): the total
 * and one page, searched through the trigram index and sorted in SQL.
 */
export function studentListQuery(q: AdminStudentListQuery): { text: string; values: unknown[] } {
  const order = orderBy(q.order_by, STUDENT_SORTS, '-created_date', 'id');
  const values: unknown[] = [q.page_size, pageOffset(q)];
  const where = [`u.role = 'STUDENT'`];
  let cohortParam = 'NULL';
  if (q.search_query) {
    values.push(likePattern(q.search_query));
    where.push(`${USER_SEARCH} ILIKE $${values.length}`);
  }
  if (q.cohort_id_slug) {
    values.push(q.cohort_id_slug);
    cohortParam = `$${values.length}`;
    where.push(`EXISTS (SELECT 1 FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id WHERE e.user_id = u.id AND k.id_slug = ${cohortParam})`);
  }
  if (q.exclude_cohort_id_slug) {
    values.push(q.exclude_cohort_id_slug);
    where.push(
      `NOT EXISTS (SELECT 1 FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id WHERE e.user_id = u.id AND k.id_slug = $${values.length})`,
    );
  }
  const text = `WITH f AS NOT MATERIALIZED (
       SELECT u.id, u.id_slug, u.first_name, u.last_name, u.email, u.role, u.is_suspended, u.created_date FROM users u WHERE ${where.join(' AND ')})
     SELECT (SELECT count(*)::int FROM f) AS count,
            COALESCE((
              SELECT json_agg(json_build_object(
                'id_slug', p.id_slug, 'first_name', p.first_name, 'last_name', p.last_name, 'email', p.email,
                'role', p.role, 'created_date', ${iso('p.created_date')},
                'cohort_enrollment', CASE WHEN en.cohort_id_slug IS NULL THEN NULL ELSE json_build_object(
                   'cohort_id_slug', en.cohort_id_slug, 'cohort_title', en.cohort_title, 'enrolment_status', en.enrolment_status) END,
                'enrolment_status', en.enrolment_status,
                'latest_access_datetime', ${iso('en.latest_access_datetime')},
                'completion_percentage', COALESCE(en.completion_percentage, 0)::float8,
                'is_suspended', p.is_suspended
              ) ORDER BY p.n)
              FROM (SELECT f.*, row_number() OVER (ORDER BY ${order}) AS n FROM f ORDER BY ${order} LIMIT $1 OFFSET $2) p
              LEFT JOIN LATERAL (
                SELECT k.id_slug AS cohort_id_slug, k.title AS cohort_title, e.enrolment_status, e.latest_access_datetime,
                       enrolment_completion(e.user_id, e.cohort_id) AS completion_percentage
                  FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id
                 WHERE e.user_id = p.id AND (${cohortParam}::text IS NULL OR k.id_slug = ${cohortParam})
                 ORDER BY e.created_date DESC, e.id DESC LIMIT 1
              ) en ON true), '[]'::json) AS data`;
  return { text, values };
}

/** Reads of students: the school-wide list, a cohort's students and its queue. One statement each. */
@Injectable()
export class StudentsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Accounts with role STUDENT only, whatever `role` asks for. Each row carries the enrolment in
   * `cohort_id_slug` when given, else the latest one (null when the student has none).
   */
  async list(q: AdminStudentListQuery): Promise<AdminStudentListResponse> {
    const { text, values } = studentListQuery(q);
    const [row] = await this.db.query(text, values);
    return { data: row.data, count: row.count, num_pages: numPages(row.count, q.page_size) };
  }

  /** The students of a cohort, newest enrolment first by default; `created_date` sorts by enrolment date. */
  async cohortStudents(cohortIdSlug: string, q: CohortStudentsQuery): Promise<CohortStudentsResponse> {
    const order = orderBy(q.order_by, STUDENT_SORTS, '-created_date', 'id');
    const params: unknown[] = [cohortIdSlug, q.page_size, pageOffset(q)];
    let search = '';
    if (q.search_query) {
      params.push(likePattern(q.search_query));
      search = `AND ${USER_SEARCH} ILIKE $4`;
    }
    const rows = await this.db.query(
      `WITH k AS (SELECT id, id_slug, title FROM cohorts WHERE id_slug = $1),
       f AS NOT MATERIALIZED (
         SELECT e.id, e.user_id, e.created_date, u.first_name, u.last_name, u.email
           FROM enrolments e JOIN k ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
          WHERE true ${search})
       SELECT (SELECT count(*)::int FROM f) AS count,
              COALESCE((
                SELECT json_agg(${STUDENT_JSON} ORDER BY p.n)
                  FROM (SELECT f.id, row_number() OVER (ORDER BY ${order}) AS n FROM f ORDER BY ${order} LIMIT $2 OFFSET $3) p
                  JOIN enrolments e ON e.id = p.id JOIN users u ON u.id = e.user_id), '[]'::json) AS data
         FROM k`,
      params,
    );
    if (!rows.length) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data: rows[0].data, count: rows[0].count };
  }

  /** People queued for a cohort (no account yet), in the order they were added. */
  async queue(cohortIdSlug: string, q: CohortQueueQuery): Promise<CohortQueueResponse> {
    const rows = await this.db.query(
      `WITH k AS (SELECT id FROM cohorts WHERE id_slug = $1)
       SELECT (SELECT count(*)::int FROM cohort_queue q WHERE q.cohort_id = k.id) AS count,
              COALESCE((
                SELECT json_agg(json_build_object('email', q.email, 'first_name', q.first_name, 'last_name', q.last_name) ORDER BY q.created_date, q.id)
                  FROM (SELECT * FROM cohort_queue WHERE cohort_id = k.id ORDER BY created_date, id LIMIT $2 OFFSET $3) q), '[]'::json) AS results
         FROM k`,
      [cohortIdSlug, q.page_size, pageOffset(q)],
    );
    if (!rows.length) throw new NotFoundException(COHORT_NOT_FOUND);
    return { results: rows[0].results, count: rows[0].count };
  }
}

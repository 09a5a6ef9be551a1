import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  type ActiveCohort,
  type AdminCohort,
  type AdminCohortListItem,
  type AdminCohortListQuery,
  type AdminCohortListResponse,
  type CohortCourseLinkResponse,
  type CreateCohort,
  type InstructorCohort,
  type UpdateCohort,
} from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { cohortStatus, cohortStatusWhere, iso, likePattern, numPages, orderBy, pageOffset } from '../courses/admin-list';
import { COURSE_NOT_FOUND } from '../courses/courses.service';
import { CohortEntity } from './cohort.entity';
import { COHORT_COURSES_JSON, COHORT_DETAIL_SQL, COHORT_TOTALS } from './cohort-queries';

export const COHORT_NOT_FOUND = 'Cohort not found';
export const COURSE_NOT_LINKED = 'This course is not linked to the cohort';

const SORTS = { title: 'lower(title)', created_date: 'created_date', start_date: 'start_date' };

/** A cohort row (alias `k`) of the admin list, as JSON with ISO dates. */
const LIST_ITEM_JSON = `json_build_object(
  'id_slug', k.id_slug, 'title', k.title,
  'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')},
  'end_access_date', ${iso('k.end_access_date')}, 'result_open_date', ${iso('k.result_open_date')},
  'status', ${cohortStatus('k')},
  'total_active', s.total_active, 'total_students', s.total_students, 'total_dropped', s.total_dropped,
  'courses_count', (SELECT count(*) FROM cohort_courses cc WHERE cc.cohort_id = k.id)::int,
  'created_date', ${iso('k.created_date')})`;

@Injectable()
export class CohortsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement: the total and one page, searched (trigram index), filtered by status (date indexes) and sorted in SQL. */
  async list(q: AdminCohortListQuery): Promise<AdminCohortListResponse> {
    const order = orderBy(q.order_by, SORTS, '-created_date', 'id');
    const params: unknown[] = [q.page_size, pageOffset(q)];
    const conditions: string[] = [];
    if (q.search_query) {
      params.push(likePattern(q.search_query));
      conditions.push(`k.title ILIKE $${params.length}`);
    }
    if (q.status) conditions.push(cohortStatusWhere('k', q.status));
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [row] = await this.db.query(
      `WITH f AS NOT MATERIALIZED (SELECT k.* FROM cohorts k ${where})
       SELECT (SELECT count(*)::int FROM f) AS count,
              COALESCE((SELECT json_agg(${LIST_ITEM_JSON} ORDER BY k.n)
                          FROM (SELECT f.*, row_number() OVER (ORDER BY ${order}) AS n FROM f ORDER BY ${order} LIMIT $1 OFFSET $2) k
                          CROSS JOIN LATERAL ${COHORT_TOTALS} s), '[]'::json) AS data`,
      params,
    );
    return { data: row.data, count: row.count, num_pages: numPages(row.count, q.page_size) };
  }

  /** Cohorts a student can still be added to: those that have not ended. */
  async active(): Promise<ActiveCohort[]> {
    const [row] = await this.db.query(
      `SELECT COALESCE(json_agg(json_build_object('id_slug', k.id_slug, 'title', k.title,
                'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')}, 'status', ${cohortStatus('k')})
              ORDER BY k.start_date, k.id), '[]'::json) AS data
         FROM cohorts k WHERE k.end_date > now()`,
    );
    return row.data;
  }

  async detail(idSlug: string): Promise<AdminCohort> {
    const [row] = await this.db.query(COHORT_DETAIL_SQL, [idSlug]);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    return row.data;
  }

  async create(body: CreateCohort): Promise<AdminCohortListItem> {
    return this.db.transaction(async (m) => {
      const courses: { id: string; id_slug: string }[] = await m.query(`SELECT id, id_slug FROM courses WHERE id_slug = ANY($1::text[])`, [
        body.course_ids,
      ]);
      if (courses.length !== body.course_ids.length) {
        throw new BadRequestException({ message: COURSE_NOT_FOUND, errors: { course_ids: COURSE_NOT_FOUND } });
      }
      const repo = m.getRepository(CohortEntity);
      const cohort = await repo.save(
        repo.create({
          title: body.title,
          start_date: new Date(body.start_date),
          end_date: new Date(body.end_date),
          end_access_date: new Date(body.end_access_date),
          result_open_date: body.result_open_date ? new Date(body.result_open_date) : null,
        }),
      );
      const idOf = new Map(courses.map((c) => [c.id_slug, c.id]));
      await m.query(
        `INSERT INTO cohort_courses (cohort_id, course_id, "order") SELECT $1, c, (o - 1)::int FROM unnest($2::bigint[]) WITH ORDINALITY AS t(c, o)`,
        [cohort.id, body.course_ids.map((slug) => idOf.get(slug))],
      );
      return this.listItem(m, cohort.id);
    });
  }

  async update(idSlug: string, body: UpdateCohort): Promise<{ id_slug: string }> {
    const [rows] = await this.db.query(
      `UPDATE cohorts SET title = $2, start_date = $3, end_date = $4, end_access_date = $5,
              result_open_date = CASE WHEN $6 THEN $7::timestamptz ELSE result_open_date END, modified_date = now()
        WHERE id_slug = $1 RETURNING id_slug`,
      [idSlug, body.title, body.start_date, body.end_date, body.end_access_date, body.result_open_date !== undefined, body.result_open_date ?? null],
    );
    if (!rows.length) throw new NotFoundException(COHORT_NOT_FOUND);
    return { id_slug: rows[0].id_slug };
  }

  /** Deletes the cohort; its enrolments, progress, grades, certificates and queue go with it (ON DELETE CASCADE). */
  async remove(idSlug: string): Promise<{ message: string }> {
    const [rows] = await this.db.query(`DELETE FROM cohorts WHERE id_slug = $1 RETURNING id`, [idSlug]);
    if (!rows.length) throw new NotFoundException(COHORT_NOT_FOUND);
    return { message: 'Cohort deleted' };
  }

  async addCourse(idSlug: string, courseIdSlug: string): Promise<CohortCourseLinkResponse> {
    return this.db.transaction(async (m) => {
      const cohortId = await this.lockCohort(m, idSlug);
      const [course] = await m.query(`SELECT id FROM courses WHERE id_slug = $1`, [courseIdSlug]);
      if (!course) throw new NotFoundException(COURSE_NOT_FOUND);
      const linked = await m.query(
        `INSERT INTO cohort_courses (cohort_id, course_id, "order")
         SELECT $1, $2, COALESCE(max("order") + 1, 0) FROM cohort_courses WHERE cohort_id = $1
         ON CONFLICT (cohort_id, course_id) DO NOTHING RETURNING course_id`,
        [cohortId, course.id],
      );
      if (!linked.length) throw new ConflictException(ADMIN_MESSAGES.courseAlreadyAdded);
      return { cohort_id_slug: idSlug, course_id_slug: courseIdSlug };
    });
  }

  /**
   * Unlinks a course. Refused while the cohort has students (their grades and progress hang on
   * it) and for the last course (a cohort teaches at least one). The cohort's grade items for the
   * course's lessons go with the link.
   */
  async removeCourse(idSlug: string, courseIdSlug: string): Promise<CohortCourseLinkResponse> {
    return this.db.transaction(async (m) => {
      const cohortId = await this.lockCohort(m, idSlug);
      const links: { course_id: string; id_slug: string }[] = await m.query(
        `SELECT cc.course_id, c.id_slug FROM cohort_courses cc JOIN courses c ON c.id = cc.course_id WHERE cc.cohort_id = $1`,
        [cohortId],
      );
      const link = links.find((l) => l.id_slug === courseIdSlug);
      if (!link) throw new NotFoundException(COURSE_NOT_LINKED);
      const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM enrolments WHERE cohort_id = $1`, [cohortId]);
      if (n > 0) throw new ConflictException(ADMIN_MESSAGES.unlinkWarning);
      if (links.length === 1) throw new ConflictException(ADMIN_MESSAGES.linkCourseRequired);
      await m.query(
        `DELETE FROM cohort_grades g USING lessons l, modules md
          WHERE g.cohort_id = $1 AND g.lesson_id = l.id AND l.module_id = md.id AND md.course_id = $2`,
        [cohortId, link.course_id],
      );
      await m.query(`DELETE FROM cohort_courses WHERE cohort_id = $1 AND course_id = $2`, [cohortId, link.course_id]);
      await m.query(
        `UPDATE cohort_courses cc SET "order" = r.n FROM (
           SELECT course_id, (row_number() OVER (ORDER BY "order", course_id) - 1)::int AS n FROM cohort_courses WHERE cohort_id = $1) r
         WHERE cc.cohort_id = $1 AND cc.course_id = r.course_id`,
        [cohortId],
      );
      return { cohort_id_slug: idSlug, course_id_slug: courseIdSlug };
    });
  }

  /** The cohorts a staff member is linked to as an instructor, newest first, with their courses. */
  async forInstructor(userId: string): Promise<InstructorCohort[]> {
    const [row] = await this.db.query(
      `SELECT COALESCE(json_agg(json_build_object(
                'id_slug', k.id_slug, 'title', k.title,
                'start_date', ${iso('k.start_date')}, 'end_date', ${iso('k.end_date')}, 'end_access_date', ${iso('k.end_access_date')},
                'status', ${cohortStatus('k')}, 'total_active', s.total_active, 'total_students', s.total_students,
                'courses', ${COHORT_COURSES_JSON}) ORDER BY k.start_date DESC, k.id), '[]'::json) AS data
         FROM cohort_instructors ci JOIN cohorts k ON k.id = ci.cohort_id CROSS JOIN LATERAL ${COHORT_TOTALS} s
        WHERE ci.user_id = $1`,
      [userId],
    );
    return row.data;
  }

  private async listItem(m: EntityManager, id: string): Promise<AdminCohortListItem> {
    const [row] = await m.query(`SELECT ${LIST_ITEM_JSON} AS data FROM cohorts k CROSS JOIN LATERAL ${COHORT_TOTALS} s WHERE k.id = $1`, [id]);
    return row.data;
  }

  private async lockCohort(m: EntityManager, idSlug: string): Promise<string> {
    const [cohort] = await m.query(`SELECT id FROM cohorts WHERE id_slug = $1 FOR UPDATE`, [idSlug]);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    return cohort.id;
  }
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AdminCourse,
  AdminCourseListItem,
  AdminCourseListQuery,
  AdminCourseListResponse,
  CreateCourse,
  UpdateCourse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { likePattern, numPages, orderBy, pageOffset, toIso } from './admin-list';
import { COURSE_DETAIL_SQL } from './course-queries';
import { CourseEntity } from './course.entity';

export const COURSE_NOT_FOUND = 'Course not found';

const SORTS = { title: 'lower(title)', created_date: 'created_date' };

interface CourseRow {
  count: number;
  id_slug: string | null;
  title: string;
  description: string;
  created_date: Date;
  modified_date: Date;
  modules_count: number;
  lessons_count: number;
  cohorts_count: number;
}

const toListItem = (r: Omit<CourseRow, 'count'>): AdminCourseListItem => ({
  id_slug: r.id_slug!,
  title: r.title,
  description: r.description,
  created_date: toIso(r.created_date)!,
  modified_date: toIso(r.modified_date)!,
  modules_count: r.modules_count,
  lessons_count: r.lessons_count,
  cohorts_count: r.cohorts_count,
});

const COUNTS = `
  (SELECT count(*) FROM modules md WHERE md.course_id = f.id)::int AS modules_count,
  (SELECT count(*) FROM lessons l JOIN modules md ON md.id = l.module_id WHERE md.course_id = f.id)::int AS lessons_count,
  (SELECT count(*) FROM cohort_courses cc WHERE cc.course_id = f.id)::int AS cohorts_count`;

@Injectable()
export class CoursesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement: the total and one page, searched (trigram index) and sorted in SQL. */
  async list(q: AdminCourseListQuery): Promise<AdminCourseListResponse> {
    const order = orderBy(q.order_by, SORTS, 'title', 'id');
    const where: string[] = [];
    const params: unknown[] = [q.page_size, pageOffset(q)];
    if (q.search_query) {
      params.push(likePattern(q.search_query));
      where.push(`c.title ILIKE $${params.length}`);
    }
    if (q.cohort_id_slug) {
      params.push(q.cohort_id_slug);
      where.push(`EXISTS (SELECT 1 FROM cohort_courses cc JOIN cohorts k ON k.id = cc.cohort_id
                          WHERE cc.course_id = c.id AND k.id_slug = $${params.length})`);
    }
    const rows: CourseRow[] = await this.db.query(
      `WITH f AS NOT MATERIALIZED (
         SELECT c.id, c.id_slug, c.title, c.description, c.created_date, c.modified_date FROM courses c
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''})
       SELECT t.count, p.* FROM (SELECT count(*)::int AS count FROM f) t
       LEFT JOIN LATERAL (
         SELECT f.*, ${COUNTS} FROM f ORDER BY ${order} LIMIT $1 OFFSET $2
       ) p ON true
       ORDER BY ${order}`,
      params,
    );
    const count = rows[0]?.count ?? 0;
    return { data: rows.filter((r) => r.id_slug !== null).map(toListItem), count, num_pages: numPages(count, q.page_size) };
  }

  async detail(idSlug: string): Promise<AdminCourse> {
    const [row] = await this.db.query(COURSE_DETAIL_SQL, [idSlug]);
    if (!row) throw new NotFoundException(COURSE_NOT_FOUND);
    return row.data;
  }

  async create(body: CreateCourse): Promise<AdminCourseListItem> {
    const repo = this.db.getRepository(CourseEntity);
    const saved = await repo.save(repo.create({ title: body.title, description: body.description }));
    const course = await repo.findOneByOrFail({ id: saved.id });
    return toListItem({ ...course, modules_count: 0, lessons_count: 0, cohorts_count: 0 });
  }

  async update(idSlug: string, body: UpdateCourse): Promise<{ id_slug: string }> {
    const [rows] = await this.db.query(
      `UPDATE courses SET title = $2, description = COALESCE($3, description), modified_date = now()
        WHERE id_slug = $1 RETURNING id_slug`,
      [idSlug, body.title, body.description ?? null],
    );
    if (!rows.length) throw new NotFoundException(COURSE_NOT_FOUND);
    return { id_slug: rows[0].id_slug };
  }
}

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
import { COURSE_NOT_FOUND } from '../../common/not-found';
import { toIso } from '../../common/sql/list';
import { courseDetail, listCourses, updateCourse } from './courses.queries';
import { CourseEntity } from './course.entity';

const toListItem = (r: CourseEntity & { modules_count: number; lessons_count: number; cohorts_count: number }): AdminCourseListItem => ({
  id_slug: r.id_slug,
  title: r.title,
  description: r.description,
  created_date: toIso(r.created_date)!,
  modified_date: toIso(r.modified_date)!,
  modules_count: r.modules_count,
  lessons_count: r.lessons_count,
  cohorts_count: r.cohorts_count,
});

@Injectable()
export class CoursesService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One statement: the total and one page, searched (trigram index) and sorted in SQL. */
  list(q: AdminCourseListQuery): Promise<AdminCourseListResponse> {
    return listCourses(this.db, q);
  }

  async detail(idSlug: string): Promise<AdminCourse> {
    const course = await courseDetail(this.db, idSlug);
    if (!course) throw new NotFoundException(COURSE_NOT_FOUND);
    return course;
  }

  async create(body: CreateCourse): Promise<AdminCourseListItem> {
    const repo = this.db.getRepository(CourseEntity);
    const saved = await repo.save(repo.create({ title: body.title, description: body.description }));
    const course = await repo.findOneByOrFail({ id: saved.id });
    return toListItem({ ...course, modules_count: 0, lessons_count: 0, cohorts_count: 0 });
  }

  async update(idSlug: string, body: UpdateCourse): Promise<{ id_slug: string }> {
    if (!(await updateCourse(this.db, idSlug, body.title, body.description ?? null))) throw new NotFoundException(COURSE_NOT_FOUND);
    return { id_slug: idSlug };
  }
}

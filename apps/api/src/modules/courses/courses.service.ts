import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  COURSE_DELETED_MESSAGE,
  courseInUseMessage,
  type AdminCourse,
  type AdminCourseListItem,
  type AdminCourseListQuery,
  type AdminCourseListResponse,
  type CreateCourse,
  type DeleteCourseResponse,
  type UpdateCourse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { COURSE_NOT_FOUND } from '../../common/not-found';
import { toIso } from '../../common/sql/list';
import { cohortsUsingCourse, courseDetail, deleteCourse, listCourses, lockCourse, updateCourse } from './courses.queries';
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

  /**
   * Deletes a course no cohort uses or used (a course made by mistake, or never taught). One that a
   * cohort uses stays: its students' progress, grades and certificates hang on its lessons.
   */
  async remove(idSlug: string): Promise<DeleteCourseResponse> {
    return this.db.transaction(async (m) => {
      const courseId = await lockCourse(m, idSlug);
      if (!courseId) throw new NotFoundException(COURSE_NOT_FOUND);
      const cohorts = await cohortsUsingCourse(m, courseId);
      if (cohorts.length) throw new ConflictException(courseInUseMessage(cohorts));
      await deleteCourse(m, courseId);
      return { message: COURSE_DELETED_MESSAGE };
    });
  }
}

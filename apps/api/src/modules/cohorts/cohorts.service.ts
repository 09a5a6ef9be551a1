import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMIN_MESSAGES,
  type ActiveCohort,
  type AdminCohort,
  type AdminCohortListItem,
  type AdminCohortListQuery,
  type AdminCohortListResponse,
  type CohortCourseLinkResponse,
  type CohortIdSlugResponse,
  cohortResultBeforeDeadlineMessage,
  cohortResultBeforeExtensionMessage,
  COURSE_ORDER_MESSAGE,
  type CreateCohort,
  type InstructorCohort,
  type UpdateCohort,
} from '@school/contracts';
import { TimelineService } from '../timeline';
import { DataSource, type EntityManager } from 'typeorm';
import { COHORT_NOT_FOUND, COURSE_NOT_FOUND } from '../../common/not-found';
import { CohortEntity } from './cohort.entity';
import {
  activeCohorts,
  appendCourse,
  cohortDetail,
  cohortLinks,
  cohortListItem,
  courseIdBySlug,
  coursesBySlug,
  deleteCohort,
  enrolmentCount,
  instructorCohorts,
  itemClosingAfter,
  linkCourses,
  listCohorts,
  lockCohort,
  reorderCourses,
  unlinkCourse,
  updateCohort,
} from './cohorts.queries';

export const COURSE_NOT_LINKED = 'This course is not linked to the cohort';

@Injectable()
export class CohortsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(TimelineService) private readonly timeline: TimelineService,
  ) {}

  /** One statement: the total and one page, searched (trigram index), filtered by status (date indexes) and sorted in SQL. */
  list(q: AdminCohortListQuery): Promise<AdminCohortListResponse> {
    return listCohorts(this.db, q);
  }

  /** Cohorts a student can still be added to: those that have not ended. */
  active(): Promise<ActiveCohort[]> {
    return activeCohorts(this.db);
  }

  async detail(idSlug: string): Promise<AdminCohort> {
    const cohort = await cohortDetail(this.db, idSlug);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    return cohort;
  }

  async create(body: CreateCohort): Promise<AdminCohortListItem> {
    return this.db.transaction(async (m) => {
      const courses = await coursesBySlug(m, body.course_ids);
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
      await linkCourses(
        m,
        cohort.id,
        body.course_ids.map((slug) => idOf.get(slug)),
      );
      // Courses with date templates date their items from the new cohort's start at once.
      await this.timeline.applyTemplates(m, cohort.id);
      return cohortListItem(m, cohort.id);
    });
  }

  async update(idSlug: string, body: UpdateCohort): Promise<{ id_slug: string }> {
    // Results (and a quiz's key) must not show while students can still hand in or start an item that takes this date.
    const closing = body.result_open_date ? await itemClosingAfter(this.db, idSlug, body.result_open_date) : null;
    if (closing) {
      const message = closing.extension
        ? cohortResultBeforeExtensionMessage(closing.title)
        : cohortResultBeforeDeadlineMessage(closing.late, closing.title);
      throw new BadRequestException({ message, errors: { result_open_date: message } });
    }
    return this.db.transaction(async (m) => {
      if (!(await updateCohort(m, idSlug, body))) throw new NotFoundException(COHORT_NOT_FOUND);
      // Dates counted from the cohort's start follow it; a date it would put wrong is refused under the end date,
      // which the items at their defaults follow.
      await this.timeline.recompute(m, await this.lockCohort(m, idSlug), 'end_date');
      return { id_slug: idSlug };
    });
  }

  /** Deletes the cohort; its enrolments, progress, grades, certificates and queue go with it (ON DELETE CASCADE). */
  async remove(idSlug: string): Promise<{ message: string }> {
    if (!(await deleteCohort(this.db, idSlug))) throw new NotFoundException(COHORT_NOT_FOUND);
    return { message: 'Cohort deleted' };
  }

  async addCourse(idSlug: string, courseIdSlug: string): Promise<CohortCourseLinkResponse> {
    return this.db.transaction(async (m) => {
      const cohortId = await this.lockCohort(m, idSlug);
      const courseId = await courseIdBySlug(m, courseIdSlug);
      if (!courseId) throw new NotFoundException(COURSE_NOT_FOUND);
      if (!(await appendCourse(m, cohortId, courseId))) throw new ConflictException(ADMIN_MESSAGES.courseAlreadyAdded);
      await this.timeline.applyTemplates(m, cohortId);
      return { cohort_id_slug: idSlug, course_id_slug: courseIdSlug };
    });
  }

  /** Puts the cohort's courses in the order given: the list must name each linked course once (400 otherwise). */
  async reorderCourses(idSlug: string, courseIdSlugs: string[]): Promise<CohortIdSlugResponse> {
    return this.db.transaction(async (m) => {
      const cohortId = await this.lockCohort(m, idSlug);
      const links = await cohortLinks(m, cohortId);
      const idOf = new Map(links.map((l) => [l.id_slug, l.course_id]));
      const exact =
        courseIdSlugs.length === links.length && new Set(courseIdSlugs).size === links.length && courseIdSlugs.every((s) => idOf.has(s));
      if (!exact) throw new BadRequestException({ message: COURSE_ORDER_MESSAGE, errors: { course_id_slugs: COURSE_ORDER_MESSAGE } });
      await reorderCourses(
        m,
        cohortId,
        courseIdSlugs.map((s) => idOf.get(s)!),
      );
      return { cohort_id_slug: idSlug };
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
      const links = await cohortLinks(m, cohortId);
      const link = links.find((l) => l.id_slug === courseIdSlug);
      if (!link) throw new NotFoundException(COURSE_NOT_LINKED);
      if ((await enrolmentCount(m, cohortId)) > 0) throw new ConflictException(ADMIN_MESSAGES.unlinkWarning);
      if (links.length === 1) throw new ConflictException(ADMIN_MESSAGES.linkCourseRequired);
      await unlinkCourse(m, cohortId, link.course_id);
      return { cohort_id_slug: idSlug, course_id_slug: courseIdSlug };
    });
  }

  /** The cohorts a staff member is linked to as an instructor, newest first, with their courses. */
  forInstructor(userId: string): Promise<InstructorCohort[]> {
    return instructorCohorts(this.db, userId);
  }

  private async lockCohort(m: EntityManager, idSlug: string): Promise<string> {
    const cohortId = await lockCohort(m, idSlug);
    if (!cohortId) throw new NotFoundException(COHORT_NOT_FOUND);
    return cohortId;
  }
}

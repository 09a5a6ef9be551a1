import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser, Roles } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CohortsService } from './cohorts.service';

/** The admin console's cohort calls. Fixed paths are declared before `:cohortId` so that "list" is not an id. */
@Controller()
export class CohortsController {
  constructor(@Inject(CohortsService) private readonly cohorts: CohortsService) {}

  @Route('adminCohortList')
  list(@RouteQuery() q: QueryOf<'adminCohortList'>) {
    return this.cohorts.list(q);
  }

  @Route('adminActiveCohorts')
  active() {
    return this.cohorts.active();
  }

  @Route('adminCohortCreate')
  create(@RouteBody() body: BodyOf<'adminCohortCreate'>) {
    return this.cohorts.create(body);
  }

  @Route('adminCohortDetail')
  async detail(@RouteParams() p: ParamsOf<'adminCohortDetail'>) {
    return { data: await this.cohorts.detail(p.cohortId) };
  }

  @Route('adminCohortUpdate')
  update(@RouteParams() p: ParamsOf<'adminCohortUpdate'>, @RouteBody() body: BodyOf<'adminCohortUpdate'>) {
    return this.cohorts.update(p.cohortId, body);
  }

  @Route('adminCohortDelete')
  remove(@RouteParams() p: ParamsOf<'adminCohortDelete'>) {
    return this.cohorts.remove(p.cohortId);
  }

  @Route('adminCohortAddCourse')
  addCourse(@RouteParams() p: ParamsOf<'adminCohortAddCourse'>, @RouteBody() body: BodyOf<'adminCohortAddCourse'>) {
    return this.cohorts.addCourse(p.cohortId, body.course_id_slug);
  }

  @Route('adminCohortRemoveCourse')
  removeCourse(@RouteParams() p: ParamsOf<'adminCohortRemoveCourse'>) {
    return this.cohorts.removeCourse(p.cohortId, p.courseId);
  }
}

/** The instructors' home: what they teach, read-only. */
@Roles('INSTRUCTOR', 'ADMIN')
@Controller()
export class InstructorController {
  constructor(@Inject(CohortsService) private readonly cohorts: CohortsService) {}

  @Route('instructorCohorts')
  async cohortsOfMine(@CurrentUser() me: AuthUser) {
    return { data: await this.cohorts.forInstructor(me.id) };
  }
}

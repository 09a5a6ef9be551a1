import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser, Roles } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CohortInstructorsService } from './cohort-instructors.service';
import { CohortsService } from './cohorts.service';

/** The admin console's cohort calls. Fixed paths are declared before `:cohortId` so that "list" is not an id. */
@Controller()
export class CohortsController {
  constructor(
    @Inject(CohortsService) private readonly cohorts: CohortsService,
    @Inject(CohortInstructorsService) private readonly instructors: CohortInstructorsService,
  ) {}

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

  @Route('adminCohortReorderCourses')
  reorderCourses(@RouteParams() p: ParamsOf<'adminCohortReorderCourses'>, @RouteBody() body: BodyOf<'adminCohortReorderCourses'>) {
    return this.cohorts.reorderCourses(p.cohortId, body.course_id_slugs);
  }

  @Route('adminCohortAddCourse')
  addCourse(@RouteParams() p: ParamsOf<'adminCohortAddCourse'>, @RouteBody() body: BodyOf<'adminCohortAddCourse'>) {
    return this.cohorts.addCourse(p.cohortId, body.course_id_slug);
  }

  @Route('adminCohortRemoveCourse')
  removeCourse(@RouteParams() p: ParamsOf<'adminCohortRemoveCourse'>) {
    return this.cohorts.removeCourse(p.cohortId, p.courseId);
  }

  @Route('adminCohortInstructors')
  instructorsOf(@RouteParams() p: ParamsOf<'adminCohortInstructors'>) {
    return this.instructors.list(p.cohortId);
  }

  @Route('adminCohortInstructorCandidates')
  instructorCandidates(
    @RouteParams() p: ParamsOf<'adminCohortInstructorCandidates'>,
    @RouteQuery() q: QueryOf<'adminCohortInstructorCandidates'>,
  ) {
    return this.instructors.candidates(p.cohortId, q.search_query);
  }

  @Route('adminCohortAssignInstructor')
  assignInstructor(@RouteParams() p: ParamsOf<'adminCohortAssignInstructor'>, @RouteBody() body: BodyOf<'adminCohortAssignInstructor'>) {
    return this.instructors.assign(p.cohortId, body.user_id_slug);
  }

  @Route('adminCohortRemoveInstructor')
  removeInstructor(@RouteParams() p: ParamsOf<'adminCohortRemoveInstructor'>) {
    return this.instructors.remove(p.cohortId, p.userId);
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

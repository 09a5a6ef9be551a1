import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AddCourseToCohortSchema,
  AdminCohortListQuerySchema,
  CohortCourseParamsSchema,
  CreateCohortSchema,
  IdParamsSchema,
  UpdateCohortSchema,
  type AddCourseToCohort,
  type AdminCohortListQuery,
  type CreateCohort,
  type UpdateCohort,
} from '@school/contracts';
import { AdminOnly, type AuthUser, CurrentUser, Roles } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { CohortsService } from './cohorts.service';

/** The admin console's cohort calls. Fixed paths are declared before `:id` so that "list" is not an id. */
@AdminOnly()
@Controller('cohorts/admin')
export class CohortsController {
  constructor(@Inject(CohortsService) private readonly cohorts: CohortsService) {}

  @Get('list')
  list(@Query(new ZodPipe(AdminCohortListQuerySchema)) q: AdminCohortListQuery) {
    return this.cohorts.list(q);
  }

  @Get('list/active')
  active() {
    return this.cohorts.active();
  }

  @Post('create')
  create(@Body(new ZodPipe(CreateCohortSchema)) body: CreateCohort) {
    return this.cohorts.create(body);
  }

  @Get(':id')
  async detail(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }) {
    return { data: await this.cohorts.detail(p.id) };
  }

  @Patch(':id/update')
  update(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }, @Body(new ZodPipe(UpdateCohortSchema)) body: UpdateCohort) {
    return this.cohorts.update(p.id, body);
  }

  @Delete(':id')
  remove(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }) {
    return this.cohorts.remove(p.id);
  }

  @Post(':id/add-course')
  addCourse(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }, @Body(new ZodPipe(AddCourseToCohortSchema)) body: AddCourseToCohort) {
    return this.cohorts.addCourse(p.id, body.course_id_slug);
  }

  @Delete(':id/courses/:courseId')
  removeCourse(@Param(new ZodPipe(CohortCourseParamsSchema)) p: { id: string; courseId: string }) {
    return this.cohorts.removeCourse(p.id, p.courseId);
  }
}

/** The instructors' home: what they teach, read-only. */
@Roles('INSTRUCTOR', 'ADMIN')
@Controller('instructor')
export class InstructorController {
  constructor(@Inject(CohortsService) private readonly cohorts: CohortsService) {}

  @Get('cohorts')
  async cohortsOfMine(@CurrentUser() me: AuthUser) {
    return { data: await this.cohorts.forInstructor(me.id) };
  }
}

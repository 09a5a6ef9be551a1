import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  AddModuleSchema,
  AdminCourseListQuerySchema,
  CourseIdParamsSchema,
  CreateCourseSchema,
  IdParamsSchema,
  UpdateCourseSchema,
  UpdateModulesSchema,
  type AddModule,
  type AdminCourseListQuery,
  type CreateCourse,
  type UpdateCourse,
  type UpdateModules,
} from '@school/contracts';
import { AdminOnly } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { CoursesService } from './courses.service';
import { CurriculumService } from './curriculum.service';

/** The admin console's course calls. The list is declared before `:id` so that "list" is not an id. */
@AdminOnly()
@Controller('courses/admin')
export class CoursesController {
  constructor(
    @Inject(CoursesService) private readonly courses: CoursesService,
    @Inject(CurriculumService) private readonly curriculum: CurriculumService,
  ) {}

  @Get('list')
  list(@Query(new ZodPipe(AdminCourseListQuerySchema)) q: AdminCourseListQuery) {
    return this.courses.list(q);
  }

  @Post('create')
  create(@Body(new ZodPipe(CreateCourseSchema)) body: CreateCourse) {
    return this.courses.create(body);
  }

  @Get(':id')
  async detail(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }) {
    return { data: await this.courses.detail(p.id) };
  }

  @Patch(':id/update')
  update(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }, @Body(new ZodPipe(UpdateCourseSchema)) body: UpdateCourse) {
    return this.courses.update(p.id, body);
  }

  @Post(':courseId/add-module')
  addModule(@Param(new ZodPipe(CourseIdParamsSchema)) p: { courseId: string }, @Body(new ZodPipe(AddModuleSchema)) body: AddModule) {
    return this.curriculum.addModule(p.courseId, body);
  }

  @HttpCode(200)
  @Put(':id/modules/update')
  updateModules(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }, @Body(new ZodPipe(UpdateModulesSchema)) body: UpdateModules) {
    return this.curriculum.updateModules(p.id, body);
  }
}

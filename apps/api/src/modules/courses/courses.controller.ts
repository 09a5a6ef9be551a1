import { Controller, Inject } from '@nestjs/common';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CoursesService } from './courses.service';
import { CurriculumService } from './curriculum.service';

/** The admin console's course calls. The list is declared before `:courseId` so that "list" is not an id. */
@Controller()
export class CoursesController {
  constructor(
    @Inject(CoursesService) private readonly courses: CoursesService,
    @Inject(CurriculumService) private readonly curriculum: CurriculumService,
  ) {}

  @Route('adminCourseList')
  list(@RouteQuery() q: QueryOf<'adminCourseList'>) {
    return this.courses.list(q);
  }

  @Route('adminCourseCreate')
  create(@RouteBody() body: BodyOf<'adminCourseCreate'>) {
    return this.courses.create(body);
  }

  @Route('adminCourseDetail')
  async detail(@RouteParams() p: ParamsOf<'adminCourseDetail'>) {
    return { data: await this.courses.detail(p.courseId) };
  }

  @Route('adminCourseUpdate')
  update(@RouteParams() p: ParamsOf<'adminCourseUpdate'>, @RouteBody() body: BodyOf<'adminCourseUpdate'>) {
    return this.courses.update(p.courseId, body);
  }

  @Route('adminCourseDelete')
  remove(@RouteParams() p: ParamsOf<'adminCourseDelete'>) {
    return this.courses.remove(p.courseId);
  }

  @Route('adminAddModule')
  addModule(@RouteParams() p: ParamsOf<'adminAddModule'>, @RouteBody() body: BodyOf<'adminAddModule'>) {
    return this.curriculum.addModule(p.courseId, body);
  }

  @Route('adminModulesUpdate')
  updateModules(@RouteParams() p: ParamsOf<'adminModulesUpdate'>, @RouteBody() body: BodyOf<'adminModulesUpdate'>) {
    return this.curriculum.updateModules(p.courseId, body);
  }
}

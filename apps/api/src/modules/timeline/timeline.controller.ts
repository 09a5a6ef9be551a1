import { Controller, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { TimelineService } from './timeline.service';

/** The programme timeline: the cohort page's Timeline tab, school closures, lesson date templates and the student's schedule. */
@Controller()
export class TimelineController {
  constructor(@Inject(TimelineService) private readonly timeline: TimelineService) {}

  @Route('adminCohortTimeline')
  get(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminCohortTimeline'>) {
    return this.timeline.timeline(me, p.cohortId);
  }

  @Route('adminPreviewTimeline')
  preview(@RouteParams() p: ParamsOf<'adminPreviewTimeline'>, @RouteBody() body: BodyOf<'adminPreviewTimeline'>) {
    return this.timeline.preview(p.cohortId, body);
  }

  @Route('adminSaveTimeline')
  save(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminSaveTimeline'>, @RouteBody() body: BodyOf<'adminSaveTimeline'>) {
    return this.timeline.save(me, p.cohortId, body);
  }

  @Route('adminPreviewTimelineShift')
  previewShift(@RouteParams() p: ParamsOf<'adminPreviewTimelineShift'>, @RouteBody() body: BodyOf<'adminPreviewTimelineShift'>) {
    return this.timeline.previewShift(p.cohortId, body);
  }

  @Route('adminSaveTimelineShift')
  saveShift(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminSaveTimelineShift'>,
    @RouteBody() body: BodyOf<'adminSaveTimelineShift'>,
  ) {
    return this.timeline.saveShift(me, p.cohortId, body);
  }

  @Route('adminSchoolClosures')
  closures() {
    return this.timeline.closures();
  }

  @Route('adminAddSchoolClosure')
  addClosure(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'adminAddSchoolClosure'>) {
    return this.timeline.addClosure(me, body);
  }

  @Route('adminDeleteSchoolClosure')
  removeClosure(@RouteParams() p: ParamsOf<'adminDeleteSchoolClosure'>) {
    return this.timeline.removeClosure(p.closureId);
  }

  @Route('adminLessonDateTemplateGet')
  getTemplate(@RouteParams() p: ParamsOf<'adminLessonDateTemplateGet'>) {
    return this.timeline.lessonTemplate(p.lessonId);
  }

  @Route('adminLessonDateTemplate')
  template(@RouteParams() p: ParamsOf<'adminLessonDateTemplate'>, @RouteBody() body: BodyOf<'adminLessonDateTemplate'>) {
    return this.timeline.setLessonTemplate(p.lessonId, body);
  }

  @Route('userCohortSchedule')
  schedule(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userCohortSchedule'>) {
    return this.timeline.schedule(me, p.cohortId, p.userIdSlug);
  }
}

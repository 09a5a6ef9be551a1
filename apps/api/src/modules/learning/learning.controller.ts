import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { dataEnvelope } from '../../common/json-text';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { LearningService } from './learning.service';

/** The learner portal's calls (learning-and-admin.md section 7, student calls). */
@Controller()
export class LearningController {
  constructor(@Inject(LearningService) private readonly learning: LearningService) {}

  @Route('userCohorts')
  async userCohorts(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userCohorts'>) {
    return { data: await this.learning.userCohorts(me, p.userIdSlug) };
  }

  /** Sent as the serialised text the service builds: this is the portal's largest and most frequent answer. */
  @Route('userCohortView')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async cohortView(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userCohortView'>) {
    return dataEnvelope(await this.learning.cohortView(me, p.cohortId, p.userIdSlug));
  }

  @Route('userCourseView')
  async courseView(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'userCourseView'>) {
    return { data: { course_part: await this.learning.courseView(me, p.cohortId, p.courseId, p.userIdSlug) } };
  }

  @Route('certificateDocument')
  certificateDocument(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'certificateDocument'>) {
    return this.learning.certificateDocument(me, p.cohortId, p.certificateId, p.userIdSlug);
  }

  @Route('videoUrl')
  videoUrl(@CurrentUser() me: AuthUser, @RouteQuery() q: QueryOf<'videoUrl'>) {
    return this.learning.videoUrl(me, q.url);
  }

  @Route('lessonPosition')
  lessonPosition(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'lessonPosition'>) {
    return this.learning.lessonPosition(me, p.cohortId, p.lessonId, p.userIdSlug);
  }

  @Route('saveLessonPosition')
  saveLessonPosition(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'saveLessonPosition'>,
    @RouteBody() body: BodyOf<'saveLessonPosition'>,
  ) {
    return this.learning.saveLessonPosition(me, p.cohortId, p.lessonId, p.userIdSlug, body.position_seconds);
  }

  /** Despite `/admin/` in its path (kept from the spec), this is the student's own call. */
  @Route('markLessonComplete')
  markLessonComplete(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'markLessonComplete'>,
    @RouteBody() body: BodyOf<'markLessonComplete'>,
  ) {
    return this.learning.markLessonComplete(me, p.cohortId, body.user_id_slug, body.lesson_id_slug);
  }
}

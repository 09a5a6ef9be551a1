import { Body, Controller, Get, Header, Inject, Param, Patch, Query } from '@nestjs/common';
import {
  CertificateDocumentParamsSchema, CohortIdParamsSchema, MarkLessonCompleteSchema, UserCohortViewParamsSchema, UserCourseViewParamsSchema,
  UserIdSlugParamsSchema, VideoUrlQuerySchema,
  type MarkLessonComplete, type VideoUrlQuery,
} from '@school/contracts';
import type { z } from 'zod';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { dataEnvelope } from '../../common/json-text';
import { ZodPipe } from '../../common/zod.pipe';
import { LearningService } from './learning.service';

/** The learner portal's calls (learning-and-admin.md section 7, student calls). */
@Controller()
export class LearningController {
  constructor(@Inject(LearningService) private readonly learning: LearningService) {}

  @Get('user-cohorts/user/:userIdSlug')
  async userCohorts(@CurrentUser() me: AuthUser, @Param(new ZodPipe(UserIdSlugParamsSchema)) p: z.infer<typeof UserIdSlugParamsSchema>) {
    return { data: await this.learning.userCohorts(me, p.userIdSlug) };
  }

  /** Sent as the serialised text the service builds: this is the portal's largest and most frequent answer. */
  @Get('cohorts/:id/user/:userIdSlug')
  @Header('Content-Type', 'application/json; charset=utf-8')
  async cohortView(@CurrentUser() me: AuthUser, @Param(new ZodPipe(UserCohortViewParamsSchema)) p: z.infer<typeof UserCohortViewParamsSchema>) {
    return dataEnvelope(await this.learning.cohortView(me, p.id, p.userIdSlug));
  }

  @Get('cohorts/:cohortId/courses/:courseId/user/:userIdSlug')
  async courseView(@CurrentUser() me: AuthUser, @Param(new ZodPipe(UserCourseViewParamsSchema)) p: z.infer<typeof UserCourseViewParamsSchema>) {
    return { data: { course_part: await this.learning.courseView(me, p.cohortId, p.courseId, p.userIdSlug) } };
  }

  @Get('cohorts/:cohortId/certificates/:certificateId/user/:userIdSlug/document')
  certificateDocument(
    @CurrentUser() me: AuthUser,
    @Param(new ZodPipe(CertificateDocumentParamsSchema)) p: z.infer<typeof CertificateDocumentParamsSchema>,
  ) {
    return this.learning.certificateDocument(me, p.cohortId, p.certificateId, p.userIdSlug);
  }

  @Get('lessons/video/url')
  videoUrl(@CurrentUser() me: AuthUser, @Query(new ZodPipe(VideoUrlQuerySchema)) q: VideoUrlQuery) {
    return this.learning.videoUrl(me, q.url);
  }

  /** Despite `/admin/` in its path (kept from the spec), this is the student's own call. */
  @Patch('cohorts/admin/:cohortId/mark-lesson-complete')
  markLessonComplete(
    @CurrentUser() me: AuthUser,
    @Param(new ZodPipe(CohortIdParamsSchema)) p: z.infer<typeof CohortIdParamsSchema>,
    @Body(new ZodPipe(MarkLessonCompleteSchema)) body: MarkLessonComplete,
  ) {
    return this.learning.markLessonComplete(me, p.cohortId, body.user_id_slug, body.lesson_id_slug);
  }
}

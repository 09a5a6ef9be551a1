import { Controller, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { LessonMediaService } from './lesson-media.service';

/** Resumable uploads of lesson videos, captions and readings (admins; see lesson-media.routes.ts). */
@Controller()
export class LessonMediaController {
  constructor(@Inject(LessonMediaService) private readonly media: LessonMediaService) {}

  @Route('lessonUploadStart')
  start(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'lessonUploadStart'>) {
    return this.media.start(me, body);
  }

  @Route('lessonUploadState')
  state(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'lessonUploadState'>) {
    return this.media.state(me, p.uploadId);
  }

  /** The body is the chunk's raw bytes, streamed to storage (no body parser reads octet-stream). */
  @Route('lessonUploadChunk')
  chunk(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'lessonUploadChunk'>, @Req() req: Request) {
    return this.media.chunk(me, p.uploadId, p.offset, req);
  }
}

import { Module } from '@nestjs/common';
import { LessonMediaController } from './lesson-media.controller';
import { LessonMediaSweeper } from './lesson-media-sweeper';
import { LessonMediaService } from './lesson-media.service';

@Module({ controllers: [LessonMediaController], providers: [LessonMediaService, LessonMediaSweeper] })
export class LessonMediaModule {}

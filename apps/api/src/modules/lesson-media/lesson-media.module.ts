import { Module } from '@nestjs/common';
import { LessonMediaController } from './lesson-media.controller';
import { LessonMediaService } from './lesson-media.service';

@Module({ controllers: [LessonMediaController], providers: [LessonMediaService] })
export class LessonMediaModule {}

import { Module } from '@nestjs/common';
import { CoursesController } from './courses.controller';
import { CoursesService } from './courses.service';
import { CurriculumService } from './curriculum.service';

@Module({
  controllers: [CoursesController],
  providers: [CoursesService, CurriculumService],
})
export class CoursesModule {}

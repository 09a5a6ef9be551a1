import { Module } from '@nestjs/common';
import { CohortsController, InstructorController } from './cohorts.controller';
import { CohortInstructorsService } from './cohort-instructors.service';
import { CohortsService } from './cohorts.service';
import { TimelineModule } from '../timeline';

@Module({
  imports: [TimelineModule],
  controllers: [CohortsController, InstructorController],
  providers: [CohortsService, CohortInstructorsService],
})
export class CohortsModule {}

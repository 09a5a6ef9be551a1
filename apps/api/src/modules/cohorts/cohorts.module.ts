import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { CohortsController, InstructorController } from './cohorts.controller';
import { CohortsService } from './cohorts.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [CohortsController, InstructorController],
  providers: [CohortsService],
})
export class CohortsModule {}

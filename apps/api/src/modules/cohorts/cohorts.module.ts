import { Module } from '@nestjs/common';
import { CohortsController, InstructorController } from './cohorts.controller';
import { CohortsService } from './cohorts.service';

@Module({
  controllers: [CohortsController, InstructorController],
  providers: [CohortsService],
})
export class CohortsModule {}

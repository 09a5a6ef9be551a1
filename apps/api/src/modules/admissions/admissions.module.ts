import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { AdmissionsController } from './admissions.controller';
import { AdmissionsService } from './admissions.service';
import { InterviewsController } from './interviews.controller';
import { InterviewsService } from './interviews.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [AdmissionsController, InterviewsController],
  providers: [AdmissionsService, InterviewsService],
  exports: [AdmissionsService],
})
export class AdmissionsModule {}

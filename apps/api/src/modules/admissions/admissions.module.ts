import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { AdmissionsController } from './admissions.controller';
import { AdmissionsService } from './admissions.service';
import { RetentionController } from './retention.controller';
import { RetentionService } from './retention.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [AdmissionsController, RetentionController],
  providers: [AdmissionsService, RetentionService],
  exports: [AdmissionsService],
})
export class AdmissionsModule {}

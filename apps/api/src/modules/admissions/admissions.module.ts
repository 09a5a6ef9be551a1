import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { AdmissionsController } from './admissions.controller';
import { AdmissionsService } from './admissions.service';
import { AdmissionsMailController } from './admissions-mail.controller';
import { AdmissionMailService } from './admission-mail.service';
import { DeclarationsService } from './declarations.service';
import { RetentionController } from './retention.controller';
import { RetentionService } from './retention.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [AdmissionsController, AdmissionsMailController, RetentionController],
  providers: [AdmissionsService, AdmissionMailService, DeclarationsService, RetentionService],
  exports: [AdmissionsService],
})
export class AdmissionsModule {}

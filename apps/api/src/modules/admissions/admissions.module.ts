import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { AdmissionsController } from './admissions.controller';
import { AdmissionsService } from './admissions.service';
import { AdmissionsMailController } from './admissions-mail.controller';
import { AdmissionMailService } from './admission-mail.service';
import { DeclarationsService } from './declarations.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [AdmissionsController, AdmissionsMailController],
  providers: [AdmissionsService, AdmissionMailService, DeclarationsService],
  exports: [AdmissionsService],
})
export class AdmissionsModule {}

import { Module } from '@nestjs/common';
import { EnrolmentsModule } from '../enrolments';
import { AdmissionsController } from './admissions.controller';
import { AdmissionStatusMailService } from './admission-status-mail.service';
import { AdmissionsService } from './admissions.service';
import { ApplicantLinkService } from './applicant-link.service';
import { DecisionsService } from './decisions.service';
import { ReviewScoresService } from './review-scores.service';
import { ScreeningService } from './screening.service';
import { AdmissionsMailController } from './admissions-mail.controller';
import { AdmissionMailService } from './admission-mail.service';
import { DeclarationsService } from './declarations.service';
import { InterviewsController } from './interviews.controller';
import { InterviewMailService } from './interview-mail.service';
import { InterviewSlotsService } from './interview-slots.service';
import { InterviewsService } from './interviews.service';
import { RetentionController } from './retention.controller';
import { RetentionService } from './retention.service';

@Module({
  imports: [EnrolmentsModule],
  controllers: [AdmissionsController, AdmissionsMailController, InterviewsController, RetentionController],
  providers: [
    AdmissionsService,
    AdmissionStatusMailService,
    ScreeningService,
    ReviewScoresService,
    DecisionsService,
    ApplicantLinkService,
    AdmissionMailService,
    DeclarationsService,
    InterviewsService,
    InterviewSlotsService,
    InterviewMailService,
    RetentionService,
  ],
  exports: [AdmissionsService],
})
export class AdmissionsModule {}

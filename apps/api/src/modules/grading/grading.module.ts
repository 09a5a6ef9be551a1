import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { NotificationsModule } from '../notifications';
import { QuizzesModule } from '../quizzes';
import { GradingController } from './grading.controller';
import { GradebookService } from './gradebook.service';
import { GradeExtensionsService } from './grade-extensions.service';
import { GradingAuthoringService } from './grading-authoring.service';
import { GradingService } from './grading.service';
import { ProjectHandInService } from './project-hand-in.service';

@Module({
  imports: [NotificationsModule, CertificatesModule, QuizzesModule],
  controllers: [GradingController],
  providers: [GradingService, ProjectHandInService, GradebookService, GradingAuthoringService, GradeExtensionsService],
  exports: [GradingService],
})
export class GradingModule {}

import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { NotificationsModule } from '../notifications';
import { QuizzesModule } from '../quizzes';
import { GradingController } from './grading.controller';
import { GradingService } from './grading.service';

@Module({
  imports: [NotificationsModule, CertificatesModule, QuizzesModule],
  controllers: [GradingController],
  providers: [GradingService],
  exports: [GradingService],
})
export class GradingModule {}

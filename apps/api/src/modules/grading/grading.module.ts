import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { NotificationsModule } from '../notifications';
import { GradingController } from './grading.controller';
import { GradingService } from './grading.service';

@Module({
  imports: [NotificationsModule, CertificatesModule],
  controllers: [GradingController],
  providers: [GradingService],
  exports: [GradingService],
})
export class GradingModule {}

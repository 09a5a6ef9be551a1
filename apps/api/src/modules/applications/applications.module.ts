import { Module } from '@nestjs/common';
import { AdmissionsModule } from '../admissions';
import { ApplicationsAnalyticsController } from './applications-analytics.controller';
import { ApplicationsAnalyticsService } from './applications-analytics.service';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { UploadSweeper } from './upload-sweeper';

@Module({
  imports: [AdmissionsModule],
  controllers: [ApplicationsController, ApplicationsAnalyticsController],
  providers: [ApplicationsService, UploadSweeper, ApplicationsAnalyticsService],
})
export class ApplicationsModule {}

import { Module } from '@nestjs/common';
import { AdmissionsModule } from '../admissions';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { UploadSweeper } from './upload-sweeper';

@Module({
  imports: [AdmissionsModule],
  controllers: [ApplicationsController],
  providers: [ApplicationsService, UploadSweeper],
})
export class ApplicationsModule {}

import { Module } from '@nestjs/common';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { UploadSweeper } from './upload-sweeper';

@Module({
  controllers: [ApplicationsController],
  providers: [ApplicationsService, UploadSweeper],
})
export class ApplicationsModule {}

import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** The job queue, for every module (pg-boss on the school's PostgreSQL). */
@Global()
@Module({
  controllers: [JobsController],
  providers: [
    { provide: 'JOBS_DATA_SOURCE', useExisting: DataSource },
    { provide: 'JOBS_OPTIONS', inject: [AppConfig], useFactory: (config: AppConfig) => ({ workers: config.WORKERS }) },
    JobsService,
  ],
  exports: [JobsService],
})
export class JobsModule {}

import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { JobsController } from './jobs.controller';
import { ReadinessChecks } from '../health/readiness';
import { MetricsService } from '../metrics/metrics.service';
import { JobsService } from './jobs.service';

/** The queue in /api/health/ready (503 while its tables cannot be reached) and its depth in /api/metrics. */
@Injectable()
class JobsMonitor implements OnModuleInit {
  constructor(
    @Inject(JobsService) private readonly jobs: JobsService,
    @Inject(ReadinessChecks) private readonly readiness: ReadinessChecks,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  onModuleInit() {
    this.readiness.register('queue', () => this.jobs.ping());
    this.metrics.addQueueSource(() => this.jobs.stats());
  }
}

/** The job queue, for every module (pg-boss on the school's PostgreSQL). */
@Global()
@Module({
  controllers: [JobsController],
  providers: [
    { provide: 'JOBS_DATA_SOURCE', useExisting: DataSource },
    {
      provide: 'JOBS_OPTIONS',
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ workers: config.WORKERS, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS }),
    },
    JobsService,
    JobsMonitor,
  ],
  exports: [JobsService],
})
export class JobsModule {}

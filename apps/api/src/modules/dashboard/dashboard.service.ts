import { Inject, Injectable } from '@nestjs/common';
import type { AdminDashboard } from '@school/contracts';
import { DataSource } from 'typeorm';
import { JobsService } from '../../platform/jobs/jobs.service';
import { adminDashboard } from './dashboard.queries';

@Injectable()
export class DashboardService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(JobsService) private readonly jobs: JobsService,
  ) {}

  /** The school's figures; the job queue's tables exist once it has started. */
  async figures(): Promise<AdminDashboard> {
    await this.jobs.start();
    return adminDashboard(this.db);
  }
}

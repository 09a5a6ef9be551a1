import { Controller, Inject, NotFoundException } from '@nestjs/common';
import type { FailedJobsResponse } from '@school/contracts';
import { type ParamsOf, Route, RouteParams } from '../../common/route.decorator';
import { JobsService } from './jobs.service';

export const FAILED_JOB_NOT_FOUND = 'No failed job with this id';

/** Failed jobs (dead letters) and jobs waiting for a retry, for admins; a failed job's Retry. */
@Controller()
export class JobsController {
  constructor(@Inject(JobsService) private readonly jobs: JobsService) {}

  @Route('adminFailedJobs')
  async failed(): Promise<FailedJobsResponse> {
    const [rows, retrying] = await Promise.all([this.jobs.failed(), this.jobs.retrying()]);
    const iso = (d: string | Date) => new Date(d).toISOString();
    return {
      retrying: retrying.map((r) => ({ ...r, created_on: iso(r.created_on), next_try_on: iso(r.next_try_on) })),
      results: rows.map((r) => ({
        ...r,
        created_on: new Date(r.created_on).toISOString(),
        completed_on: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      })),
    };
  }

  @Route('adminRetryJob')
  async retry(@RouteParams() p: ParamsOf<'adminRetryJob'>): Promise<{ id: string }> {
    if (!(await this.jobs.retry(p.jobId))) throw new NotFoundException(FAILED_JOB_NOT_FOUND);
    return { id: p.jobId };
  }
}

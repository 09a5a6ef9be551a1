import { Controller, Get, HttpCode, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { JobIdParamsSchema, type FailedJobsResponse } from '@school/contracts';
import { AdminOnly } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { JobsService } from './jobs.service';

export const FAILED_JOB_NOT_FOUND = 'No failed job with this id';

/** Failed jobs (dead letters) for admins, and their Retry. */
@AdminOnly()
@Controller('admin/jobs')
export class JobsController {
  constructor(@Inject(JobsService) private readonly jobs: JobsService) {}

  @Get('failed')
  async failed(): Promise<FailedJobsResponse> {
    const rows = await this.jobs.failed();
    return {
      results: rows.map((r) => ({
        ...r,
        created_on: new Date(r.created_on).toISOString(),
        completed_on: r.completed_on ? new Date(r.completed_on).toISOString() : null,
      })),
    };
  }

  @Post(':jobId/retry')
  @HttpCode(200)
  async retry(@Param(new ZodPipe(JobIdParamsSchema)) p: { jobId: string }): Promise<{ id: string }> {
    if (!(await this.jobs.retry(p.jobId))) throw new NotFoundException(FAILED_JOB_NOT_FOUND);
    return { id: p.jobId };
  }
}

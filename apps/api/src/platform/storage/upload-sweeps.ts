import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';

/** The recurring job that removes uploads nothing uses: hourly, at 17 minutes past. */
export const SWEEP_UPLOADS_JOB = 'sweep-orphan-uploads';
const SWEEP_CRON = '17 * * * *';

/** One kind of upload's sweep: removes what nobody uses and answers how many it removed. */
export type UploadSweep = () => Promise<number>;

/**
 * The one recurring `sweep-orphan-uploads` job, whose work the modules that take uploads give it
 * (applications: résumés and transcripts no application refers to; lesson media: unfinished
 * uploads and files no lesson uses). Each sweep takes its own advisory lock; one failing does not
 * keep the others from running, and the job fails (to be retried) after they all ran.
 */
@Injectable()
export class UploadSweeps {
  private readonly sweeps = new Map<string, UploadSweep>();

  constructor(@Inject(JobsService) jobs: JobsService) {
    // A failed sweep is retried a little later; the next hour's sweep catches up anyway.
    jobs.define({ name: SWEEP_UPLOADS_JOB, cron: SWEEP_CRON, queue: { retryLimit: 2, retryDelay: 300 }, handler: () => this.sweep() });
  }

  /** Adds a module's sweep to the job (modules call this from their constructors). */
  register(name: string, sweep: UploadSweep): void {
    this.sweeps.set(name, sweep);
  }

  /** Runs every sweep; answers how many uploads they removed in all. */
  async sweep(): Promise<number> {
    let removed = 0;
    const failures: unknown[] = [];
    for (const [name, sweep] of this.sweeps) {
      try {
        removed += await sweep();
      } catch (e) {
        Logger.error(`The ${name} upload sweep failed: ${(e as Error).message}`, 'Uploads');
        failures.push(e);
      }
    }
    if (failures.length) throw failures[0];
    return removed;
  }
}

import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Db, type Job, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { DataSource, EntityManager } from 'typeorm';

import { rows } from '../../common/sql/db';
import { JOBS_APPLICATION_NAME, JOBS_SCHEMA } from './jobs-schema';
import { failedJobName, failedJobs, prioritiseRetry, retryingJobs, type QueueStats, queueStats } from './jobs.queries';

export { JOBS_SCHEMA };

/** A kind of job: its queue's settings and what runs each job. */
export interface JobDefinition<T extends object = object> {
  name: string;
  queue: Omit<Queue, 'name'>;
  handler: (data: T, job: Job<T>) => Promise<unknown>;
  /** Recurring: a cron expression; the job is sent once per occurrence whatever the number of replicas. */
  cron?: string;
  /** Jobs of this kind the process runs at once (default: the WORKERS setting), e.g. mail over pooled SMTP connections. */
  concurrency?: number;
}

export interface JobsOptions {
  /** Jobs this process runs at once; 0 registers no worker (the process only creates jobs). */
  workers: number;
  /** Seconds between a worker's polls of an empty queue (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Longest a stop waits for the jobs under way, in ms (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs?: number;
  /** Seconds between checks of the recurring schedules (tests shorten it). */
  cronMonitorIntervalSeconds?: number;
}

/** A failed job as admins see it: after its last try, waiting for someone to retry it. */
export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  retry_count: number;
  error: string;
  created_on: string;
  completed_on: string | null;
}

/** A job that failed a try and waits for the next. */
export interface RetryingJob {
  id: string;
  name: string;
  retry_count: number;
  retry_limit: number;
  error: string;
  created_on: string;
  next_try_on: string;
}

/** pg-boss's database interface over the caller's open transaction, so a job is created with the change that causes it. */
export function transactionDb(m: EntityManager): Db {
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('Jobs are created inside a transaction: pass the manager of db.transaction()');
  return { executeSql: async (text, values) => ({ rows: await rows(m, text, values ?? []) }) };
}

/**
 * The job queue: pg-boss on the school's own PostgreSQL. Jobs are created in the caller's
 * transaction (never when it rolls back), retried with exponential back-off, and after their last
 * try stay in the failed state (the dead letters), listed for admins with a Retry. Recurring jobs
 * are sent once per occurrence across replicas and run under the singleton policy, so at most one
 * runs at a time. The worker runs in the API process unless WORKERS=0.
 */
@Injectable()
export class JobsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private boss?: PgBoss;
  private started?: Promise<PgBoss>;

  constructor(
    @Inject('JOBS_DATA_SOURCE') private readonly ds: DataSource,
    @Inject('JOBS_OPTIONS') private readonly options: JobsOptions,
  ) {}

  /** Declares a kind of job; modules call this from their constructors, before the start. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.boss) throw new Error(`Job ${definition.name} defined after the queue started`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<never>);
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  start(): Promise<PgBoss> {
    this.started ??= this.open();
    return this.started;
  }

  private async open(): Promise<PgBoss> {
    const url = (this.ds.options as { url?: string }).url;
    const working = this.options.workers > 0;
    const boss = new PgBoss({
      connectionString: url,
      schema: JOBS_SCHEMA,
      max: Math.max(2, Math.min(5, this.options.workers + 1)),
      application_name: JOBS_APPLICATION_NAME,
      // A replica that only serves requests creates jobs; the schedules and the upkeep are the workers'.
      schedule: working,
      supervise: working,
      // Expired jobs (a worker that died mid-job) go back to the queue within 15 s of their expiry, not a minute.
      superviseIntervalSeconds: 15,
      ...(this.options.cronMonitorIntervalSeconds
        ? {
            cronMonitorIntervalSeconds: this.options.cronMonitorIntervalSeconds,
            cronWorkerIntervalSeconds: this.options.cronMonitorIntervalSeconds,
          }
        : {}),
    });
    boss.on('error', (e) => this.logger.error(`pg-boss: ${(e as Error).message}`));
    await boss.start();
    this.boss = boss;
    for (const d of this.definitions.values()) {
      // Recurring jobs are singletons: one runs at a time across every replica.
      const queue = { ...d.queue, ...(d.cron ? { policy: 'singleton' as const } : {}) };
      const existing = await boss.getQueue(d.name);
      if (!existing)
        await boss.createQueue(d.name, queue).catch(async (e) => {
          if (!(await boss.getQueue(d.name))) throw e;
        });
      else {
        // The settings a definition gives win over the stored ones (those it leaves out stay as they are).
        const { retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds } = queue;
        const settings = Object.fromEntries(
          Object.entries({ retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds }).filter(([, v]) => v !== undefined),
        );
        if (Object.keys(settings).length) await boss.updateQueue(d.name, settings);
      }
      if (d.cron && working) await boss.schedule(d.name, d.cron);
      if (working) await this.work(boss, d);
    }
    return boss;
  }

  /**
   * Runs the queue's jobs. A kind with a concurrency (mail) takes its jobs in batches of that
   * size, runs a batch's jobs at once and fetches the next batch at once while batches come back
   * full; one job at a time, each worker polling every 2 s, capped mail at WORKERS/2 messages a second.
   * Every job succeeds or fails on its own; a failed one's retry is prioritised (see prioritiseRetry).
   */
  private async work(boss: PgBoss, d: JobDefinition<never>): Promise<void> {
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    const run = async (job: Job<unknown>) => {
      try {
        await d.handler(job.data as never, job as never);
      } catch (e) {
        // Its retry is fetched before the fresh jobs of the queue once its back-off has passed.
        await prioritiseRetry(this.ds, d.name, job.id).catch(() => undefined);
        throw e;
      }
    };
    if (!d.concurrency) {
      await boss.work(d.name, { localConcurrency: this.options.workers, pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await run(job);
      });
      return;
    }
    await boss.work(
      d.name,
      { batchSize: d.concurrency, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds },
      async (jobs) =>
        Promise.all(
          jobs.map((job) =>
            run(job).then(
              () => ({ id: job.id, status: 'completed' as const }),
              (e: Error) => ({ id: job.id, status: 'failed' as const, output: { message: e.message, name: e.name } }),
            ),
          ),
        ),
    );
  }

  /**
   * Creates a job inside the caller's transaction (`m` is db.transaction()'s manager): it exists
   * only if that transaction commits. An `id` makes the creation idempotent: a second job with the
   * same id is not created (answers null).
   */
  async send(m: EntityManager, name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    const boss = await this.start();
    return boss.send(name, data, { ...options, db: transactionDb(m) });
  }

  /** Creates many jobs in one statement inside the caller's transaction; jobs whose id exists already are skipped. */
  async sendMany(m: EntityManager, name: string, jobs: { id?: string; data: object }[]): Promise<void> {
    if (!jobs.length) return;
    const boss = await this.start();
    await boss.insert(name, jobs, { db: transactionDb(m) });
  }

  /** Answers when the queue's tables can be read (readiness): throws when pg-boss cannot reach them. */
  async ping(): Promise<void> {
    const boss = await this.start();
    if (!(await boss.isInstalled())) throw new Error('the job queue is not installed');
  }

  /** Each queue's waiting, running and failed jobs, in one statement (metrics). */
  async stats(): Promise<QueueStats[]> {
    await this.start();
    return queueStats(this.ds);
  }

  /** Failed jobs (every try spent), newest first. */
  async failed(limit = 100): Promise<FailedJob[]> {
    await this.start();
    return failedJobs<FailedJob>(this.ds, limit);
  }

  /** Jobs waiting for a retry after a failed try, soonest first. */
  async retrying(limit = 100): Promise<RetryingJob[]> {
    await this.start();
    return retryingJobs<RetryingJob>(this.ds, limit);
  }

  /** Puts a failed job back in the queue for another round of tries; false when there is no such failed job. */
  async retry(id: string): Promise<boolean> {
    const boss = await this.start();
    const name = await failedJobName(this.ds, id);
    if (!name) return false;
    const res = await boss.retry(name, id);
    return (res as { affected?: number }).affected! > 0;
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // The jobs under way finish first, for at most the stop's allowance; pg-boss retries any cut off.
    await boss?.stop({ graceful: true, timeout: this.options.shutdownTimeoutMs ?? 10_000, close: true });
  }
}

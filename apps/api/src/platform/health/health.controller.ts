import { Controller, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/http-exception.filter';
import { Route } from '../../common/route.decorator';
import { rows } from '../../common/sql/db';
import { databaseMonitor } from '../../database/data-source';
import { type CheckResult, ReadinessChecks, timed } from './readiness';

/** The database's answer to the health check must come within this; the whole check answers within 3 s. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

@Controller()
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(ReadinessChecks) private readonly readiness: ReadinessChecks,
  ) {}

  private checkDatabase(): Promise<CheckResult> {
    return timed(async () => {
      if (databaseMonitor(this.db)?.available === false) throw new Error('The database is not answering.');
      await rows(this.db, 'SELECT 1');
    }, HEALTH_DATABASE_TIMEOUT_MS);
  }

  private unavailable(res: Response) {
    res.status(HttpStatus.SERVICE_UNAVAILABLE);
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  }

  /** The database's state; 503 when it does not answer within 2 s. */
  @Route('health')
  async health(@Res({ passthrough: true }) res: Response) {
    const database = await this.checkDatabase();
    if (database.status === 'down') {
      this.unavailable(res);
      return { status: 'error', database };
    }
    return { status: 'ok', database };
  }

  /** The process is alive and serving: no dependency is asked (a database outage must not restart it). */
  @Route('healthLive')
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready for traffic: the database and every registered dependency (storage, queue) answer within
   * 2 s, and the instance is not stopping; 503 otherwise.
   */
  @Route('healthReady')
  async ready(@Res({ passthrough: true }) res: Response) {
    const [database, checks] = await Promise.all([this.checkDatabase(), this.readiness.run(HEALTH_DATABASE_TIMEOUT_MS)]);
    const stopping = this.readiness.isStopping;
    const up = !stopping && database.status === 'up' && Object.values(checks).every((c) => c.status === 'up');
    if (!up) this.unavailable(res);
    return { status: up ? 'ok' : stopping ? 'stopping' : 'error', database, checks };
  }
}

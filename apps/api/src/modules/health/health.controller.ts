import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth.decorators';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../common/http-exception.filter';
import { databaseMonitor } from '../../database/data-source';

/** The database's answer to the health check must come within this; the whole check answers within 3 s. */
export const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

@Controller('health')
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Liveness plus the database's state; 503 when the database does not answer within 2 s. */
  @Public()
  @Get(['', 'ready'])
  async health(@Res({ passthrough: true }) res: Response) {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      if (databaseMonitor(this.db)?.available === false) throw new Error('The database is not answering.');
      await Promise.race([
        this.db.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), HEALTH_DATABASE_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok', database: { status: 'up', latency_ms: Date.now() - started } };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return { status: 'error', database: { status: 'down' } };
    } finally {
      clearTimeout(timer);
    }
  }
}

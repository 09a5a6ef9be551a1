import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth.decorators';

@Controller('health')
export class HealthController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Liveness plus the database's state; 503 when the database does not answer. */
  @Public()
  @Get()
  async health(@Res({ passthrough: true }) res: Response) {
    const started = Date.now();
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: { status: 'up', latency_ms: Date.now() - started } };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', database: { status: 'down' } };
    }
  }
}

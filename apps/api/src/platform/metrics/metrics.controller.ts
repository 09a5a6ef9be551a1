import { timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Header, Inject, Req, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { Route } from '../../common/route.decorator';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from './metrics.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A caller on this machine talking to the API directly: a loopback socket, no proxy in between. */
export function isDirectLoopback(req: Pick<Request, 'headers' | 'socket'>): boolean {
  const h = req.headers;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics. With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` reads
 * them; without it, only a direct caller on this machine (a proxy's requests carry forwarding headers).
 */
@Controller()
export class MetricsController {
  constructor(
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @Route('metrics')
  @Header('Cache-Control', 'no-store')
  async scrape(@Req() req: Request): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (token) {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token))
        throw new UnauthorizedException('The metrics token is missing or wrong.');
    } else if (!isDirectLoopback(req)) {
      throw new ForbiddenException('Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.');
    }
    req.res?.setHeader('Content-Type', this.metrics.registry.contentType);
    return this.metrics.text();
  }
}

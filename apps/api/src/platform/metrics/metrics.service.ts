import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { poolOf } from '../../common/sql/db';

/** A job queue's figures at the time of a scrape. */
export interface QueueStats {
  queue: string;
  /** Jobs waiting to run (created or retrying). */
  queued: number;
  /** Jobs running now. */
  active: number;
  /** Jobs that failed for good and are kept for inspection. */
  failed: number;
}

/** Reads the current figures of one or more queues; registered by the module that owns the queue. */
export type QueueStatsSource = () => Promise<QueueStats[]>;

interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string; originalUrl?: string };

/** The route label of a request: its route's pattern, never the raw URL (ids would make a series each). */
export function routeLabel(req: RoutedRequest): string {
  const path = req.route?.path;
  if (typeof path === 'string' && !path.includes('*')) return `${req.baseUrl ?? ''}${path}`;
  return (req.originalUrl ?? req.url ?? '').startsWith('/api') ? 'unmatched' : 'static';
}

/**
 * The Prometheus metrics of one app: requests (rate, latency by route), the database pool, job
 * queues (through the sources their modules register) and the process's defaults. A registry of
 * its own per app, so that two apps in one process (tests) never share or clash.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly queueSources: QueueStatsSource[] = [];
  /** The queues' figures of the scrape under way, read once for the three queue gauges. */
  private queueStats?: Promise<QueueStats[]>;
  private readonly requests: Counter<'method' | 'route' | 'status_code'>;
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;
  /** The request pool's gauges, read by the registry at each scrape. */
  private readonly poolGauges: Gauge<string>[];

  constructor(@Inject(DataSource) private readonly db: DataSource) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to the end of its answer',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const pool = (): PoolStats | undefined => poolOf(this.db);
    this.poolGauges = [
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the request pool, by state (idle, in use, and callers waiting for one)',
        labelNames: ['state'],
        registers,
        collect() {
          const p = pool();
          if (!p) return;
          this.set({ state: 'idle' }, p.idleCount);
          this.set({ state: 'in_use' }, p.totalCount - p.idleCount);
          this.set({ state: 'waiting' }, p.waitingCount);
        },
      }),
      new Gauge({
        name: 'db_pool_max_connections',
        help: 'Most connections the request pool opens',
        registers,
        collect() {
          const max = pool()?.options?.max;
          if (max !== undefined) this.set(max);
        },
      }),
    ];
    const current = () => this.queueStats ?? Promise.resolve([]);
    const queueGauge = (name: string, help: string, pick: (s: QueueStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers,
        async collect() {
          this.reset();
          for (const s of await current()) this.set({ queue: s.queue }, pick(s));
        },
      });
    queueGauge('jobs_queue_depth', 'Jobs waiting to run, by queue', (s) => s.queued);
    queueGauge('jobs_active', 'Jobs running, by queue', (s) => s.active);
    queueGauge('jobs_failed', 'Jobs failed for good, by queue', (s) => s.failed);
  }

  /** Lets a job queue's module report its figures at each scrape. */
  addQueueSource(source: QueueStatsSource): void {
    this.queueSources.push(source);
  }

  /** Counts and times every request, labelled by route pattern once its answer is finished. */
  readonly middleware = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = performance.now();
    res.once('finish', () => this.observe(req.method ?? '', routeLabel(req as RoutedRequest), res.statusCode, started));
    next();
  };

  /** Counts one answered request and its latency (`started`: its performance.now()). */
  observe(method: string, route: string, status: number, started: number): void {
    const labels = { method, route, status_code: status };
    this.requests.inc(labels);
    this.duration.observe(labels, (performance.now() - started) / 1000);
  }

  /** The exposition text; a queue source that fails leaves its queues out of this scrape only. */
  async text(): Promise<string> {
    this.queueStats = Promise.all(this.queueSources.map((source) => source().catch(() => []))).then((all) => all.flat());
    try {
      return await this.registry.metrics();
    } finally {
      this.queueStats = undefined;
    }
  }
}

import { Injectable } from '@nestjs/common';

/** A dependency's check: resolves when it answers, throws (or rejects) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface CheckResult {
  status: 'up' | 'down';
  latency_ms?: number;
  /** Why a dependency that answers is down anyway (storage: `full`). */
  reason?: string;
}

/** Thrown by a check whose dependency answers but cannot serve, with the reason readiness shows. */
export class CheckDown extends Error {
  constructor(readonly reason: string) {
    super(`down: ${reason}`);
  }
}

/**
 * The dependencies `GET /api/health/ready` checks besides the database. A module that owns one
 * (file storage, the job queue) registers its check when it starts:
 * `readiness.register('storage', () => storage.ping())`.
 */
@Injectable()
export class ReadinessChecks {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stopping = false;

  register(name: string, check: ReadinessCheck): void {
    if (name === 'database' || name === 'status') throw new Error(`The readiness check name ${name} is taken.`);
    this.checks.set(name, check);
  }

  /** From now on the instance answers "not ready", so a load balancer sends it nothing new while it stops. */
  markStopping(): void {
    this.stopping = true;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Runs every check at once, each given at most `timeoutMs`. */
  async run(timeoutMs: number): Promise<Record<string, CheckResult>> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, await timed(check, timeoutMs)] as const));
    return Object.fromEntries(entries);
  }
}

/** Runs `check` with a time limit: up with its latency, or down when it fails or takes longer. */
export async function timed(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return { status: 'up', latency_ms: Date.now() - started };
  } catch (e) {
    return e instanceof CheckDown ? { status: 'down', reason: e.reason } : { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}

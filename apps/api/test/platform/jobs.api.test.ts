import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { SWEEP_UPLOADS_JOB } from '../../src/modules/applications/upload-sweeper';
import { JOBS_SCHEMA, JobsService } from '../../src/platform/jobs/jobs.service';

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the job queue', () => {
  it('is in the readiness answer and its depth in the metrics, read from pg-boss', async () => {
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body.checks.queue).toEqual({ status: 'up', latency_ms: expect.any(Number) });
    const jobs = t.app.get(JobsService);
    // Due next year: it waits in the queue.
    await t.ds.transaction((m) => jobs.send(m, SWEEP_UPLOADS_JOB, {}, { startAfter: new Date(Date.now() + 365 * 86_400_000) }));
    const metrics = await t.http.get('/api/metrics').expect(200);
    expect(metrics.text).toContain(`jobs_queue_depth{queue="${SWEEP_UPLOADS_JOB}"} 1`);
    expect(metrics.text).toContain('jobs_failed{queue="send-mail"} 0');
  });

  it('sweeps unused uploads hourly as a recurring singleton job', async () => {
    const [schedule] = await t.ds.query(`SELECT cron FROM ${JOBS_SCHEMA}.schedule WHERE name = $1`, [SWEEP_UPLOADS_JOB]);
    expect(schedule).toEqual({ cron: '17 * * * *' });
    const [queue] = await t.ds.query(`SELECT policy FROM ${JOBS_SCHEMA}.queue WHERE name = $1`, [SWEEP_UPLOADS_JOB]);
    expect(queue).toEqual({ policy: 'singleton' });
  });

  it('runs a recurring job once per occurrence however many replicas schedule it', async () => {
    const name = `every-minute-${Date.now()}`;
    const runs: { replica: number; at: number }[] = [];
    const replicas = [1, 2].map((replica) => {
      const jobs = new JobsService(t.ds, { workers: 2, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
      jobs.define({ name, cron: '* * * * *', queue: {}, handler: async () => void runs.push({ replica, at: Date.now() }) });
      return jobs;
    });
    try {
      await Promise.all(replicas.map((r) => r.start()));
      // The next whole minute's occurrence, then time for a second sender to have sent it again.
      await until('the first occurrence to run', async () => runs.length > 0, 75_000);
      await new Promise((r) => setTimeout(r, 5_000));
      // One run per minute's occurrence: on a slow machine the next minute's may already have come
      // within the wait, but never a second run of the same one (each replica schedules it).
      const minutes = new Set(runs.map((r) => Math.floor(r.at / 60_000)));
      expect(runs.length).toBe(minutes.size);
      const sent = await t.ds.query(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [name]);
      expect(sent).toEqual([{ n: runs.length }]);
    } finally {
      await Promise.all(replicas.map((r) => r.onApplicationShutdown()));
    }
  }, 100_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { ReadinessChecks } from '../../src/platform/health/readiness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('health', () => {
  it('GET /api/health answers the database state as before', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: { status: 'up', latency_ms: expect.any(Number) } });
  });

  it('GET /api/health/live answers without asking any dependency', async () => {
    expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready checks the database and every registered dependency, 503 when one is down or slow', async () => {
    const readiness = t.app.get(ReadinessChecks);
    let storageUp = true;
    readiness.register('storage', async () => {
      if (!storageUp) throw new Error('bucket gone');
    });
    readiness.register('queue', async () => undefined);
    const ok = await t.http.get('/api/health/ready').expect(200);
    expect(ok.body).toEqual({
      status: 'ok',
      database: { status: 'up', latency_ms: expect.any(Number) },
      checks: { storage: { status: 'up', latency_ms: expect.any(Number) }, queue: { status: 'up', latency_ms: expect.any(Number) } },
    });

    storageUp = false;
    const down = await t.http.get('/api/health/ready').expect(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(down.body).toMatchObject({
      status: 'error',
      database: { status: 'up' },
      checks: { storage: { status: 'down' }, queue: { status: 'up' } },
    });

    storageUp = true;
    readiness.register('queue', () => new Promise(() => undefined));
    const started = Date.now();
    const slow = await t.http.get('/api/health/ready').expect(503);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(slow.body.checks.queue).toEqual({ status: 'down' });
    // /api/health stays the database's alone.
    await t.http.get('/api/health').expect(200);
    readiness.register('queue', async () => undefined);
  });

  it('answers "stopping" with 503 once the instance stops, so a load balancer sends it nothing new', async () => {
    t.app.get(ReadinessChecks).markStopping();
    const res = await t.http.get('/api/health/ready').expect(503);
    expect(res.body.status).toBe('stopping');
    await t.http.get('/api/health/live').expect(200);
  });
});

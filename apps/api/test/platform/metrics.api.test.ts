import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp } from '../test-app';
import { MetricsService } from '../../src/platform/metrics/metrics.service';

const TOKEN = 'metrics-token-0123456789';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('needs the METRICS_TOKEN, not a user', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    await t.http.get('/api/metrics').expect(401);
    await t.http.get('/api/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(401);
    await t.http.get('/api/metrics').set(bearer(admin)).expect(401);
    const res = await t.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('counts and times requests by route pattern, never by raw URL', async () => {
    const cohort = 'abcdef0123456789abcdef0123456789';
    await t.http.get(`/api/cohorts/admin/${cohort}/students`).expect(401);
    await t.http.get('/api/health/live').expect(200);
    await t.http.get('/api/no-such-thing/12345').expect(404);
    const text = (await t.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/health\/live",status_code="200"\} [1-9]/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health\/live",status_code="200"\} [1-9]/,
    );
    expect(text).toMatch(/route="unmatched",status_code="404"/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/cohorts\/admin\/:cohortId\/students",status_code="401"\} 1/);
    expect(text).not.toContain(cohort);
    expect(text).not.toContain('12345');
  });

  it('reports the database pool and the queues their modules register', async () => {
    t.app.get(MetricsService).addQueueSource(async () => [{ queue: 'mail', queued: 7, active: 2, failed: 3 }]);
    t.app.get(MetricsService).addQueueSource(async () => {
      throw new Error('queue unreachable');
    });
    const text = (await t.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    expect(text).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
    expect(text).toMatch(/db_pool_connections\{state="waiting"\} 0/);
    expect(text).toContain('db_pool_max_connections 5');
    expect(text).toContain('jobs_queue_depth{queue="mail"} 7');
    expect(text).toContain('jobs_active{queue="mail"} 2');
    expect(text).toContain('jobs_failed{queue="mail"} 3');
    expect(text).toContain('process_cpu_seconds_total');
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers a direct caller on this machine, and refuses one through a proxy', async () => {
    await t.http.get('/api/metrics').expect(200);
    const proxied = await t.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(proxied.body.message).toBe('Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.');
    await t.http.get('/api/metrics').set('Forwarded', 'for=203.0.113.9').expect(403);
  });
});

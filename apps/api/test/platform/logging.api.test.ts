import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** Every line the app logs, parsed. */
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', DISABLE_RATE_LIMITS: 'true' }, { logStream });
  student = await createUser(t, { email: 'ada.lovelace@example.com', password: 'Chip#Design42' });
});
afterAll(async () => t?.close());
beforeEach(() => {
  lines.length = 0;
});

const requestLines = (id: string) => lines.filter((l) => l.request_id === id);

describe('request ids', () => {
  it('gives every answer an X-Request-Id, and puts it on the request line', async () => {
    const res = await t.http.get('/api/health').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [line] = requestLines(id);
    expect(line).toMatchObject({
      level: 30,
      request_id: id,
      req: { method: 'GET', url: '/api/health' },
      res: { status: 200 },
      msg: 'GET /api/health 200',
    });
    expect(typeof line.duration_ms).toBe('number');
  });

  it('keeps a short safe incoming id, and replaces anything else', async () => {
    const kept = await t.http.get('/api/health').set('X-Request-Id', 'lb-7f3a.9:2');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.9:2');
    expect(requestLines('lb-7f3a.9:2')).toHaveLength(1);
    for (const bad of ['x'.repeat(65), 'a b', '<script>', 'id"quote', 'é']) {
      const res = await t.http.get('/api/health').set('X-Request-Id', encodeURI(bad) === bad ? bad : bad);
      expect(res.headers['x-request-id'], bad).not.toBe(bad);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the id on answers refused before any controller (a body too large)', async () => {
    const res = await t.http
      .post('/api/auth/login/')
      .set('Content-Type', 'application/json')
      .send(`{"email":"${'a'.repeat(200_000)}"}`);
    expect(res.status).toBe(413);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('redaction', () => {
  it('logs no token, password, cookie or email of a request', async () => {
    const login = await t.http
      .post('/api/auth/login/')
      .set('Cookie', 'refresh=secret-cookie-value')
      .send({ email: student.email, password: student.password })
      .expect(200);
    const refreshCookie = String(login.headers['set-cookie'] ?? '');
    await t.http.get(`/api/auth/me?token=${student.access}&email=${encodeURIComponent(student.email)}&page=2`).set(bearer(student));
    await t.http.get(`/api/health?search_query=${student.email}`);
    const text = JSON.stringify(lines);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const secret of [
      student.access,
      login.body.access,
      student.password,
      student.email,
      'ada.lovelace',
      'secret-cookie-value',
      refreshCookie.split(';')[0].split('=')[1],
    ]) {
      if (secret) expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('token=[Redacted]');
    expect(text).toContain('page=2');
  });

  it('censors secret fields and emails of anything else logged', async () => {
    const { Logger } = await import('@nestjs/common');
    Logger.log({ msg: 'x', password: 'hunter2-password', body: { a: 1 }, headers: { authorization: 'Bearer abc.def.ghi' } }, 'Test');
    Logger.warn('Sign-in refused for grace.hopper@example.org from somewhere', 'Test');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('hunter2-password');
    expect(text).not.toContain('abc.def.ghi');
    expect(text).not.toContain('grace.hopper');
    expect(text).toContain('Sign-in refused for [Redacted] from somewhere');
  });
});

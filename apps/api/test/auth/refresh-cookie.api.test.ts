import { Logger } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { PLAIN_HTTP_SIGN_IN_MESSAGE } from '../../src/modules/auth/refresh-cookie';

let t: TestApp;
let lax: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'true', DISABLE_RATE_LIMITS: 'true' });
  lax = await createTestApp({ COOKIE_SECURE: 'false', DISABLE_RATE_LIMITS: 'true' });
  user = await createUser(t);
});
afterAll(async () => {
  await t?.close();
  await lax?.close();
});

const browserLogin = (app: TestApp, origin: string, body: object) =>
  app.http.post('/api/auth/login/').set('X-Requested-With', 'XMLHttpRequest').set('Origin', origin).send(body);

describe('signing in from a browser over plain http', () => {
  it('refuses it on a host other than localhost with a message naming HTTPS and COOKIE_SECURE, and warns the operator once', async () => {
    const warn = vi.spyOn(Logger, 'warn').mockImplementation(() => undefined);
    try {
      for (const origin of ['http://192.168.1.20:3000', 'http://school.lan']) {
        const res = await browserLogin(t, origin, { email: user.email, password: user.password }).expect(403);
        expect(res.body.message).toBe(PLAIN_HTTP_SIGN_IN_MESSAGE);
        expect(res.body.message).toMatch(/https:\/\/.*COOKIE_SECURE=false/);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const register = await t.http
        .post('/api/auth/register/')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Origin', 'http://10.0.0.5:3000')
        .send({ email: 'over-http@example.com', password: 'Chip#Design42', first_name: 'Siti', last_name: 'Aminah', role: 'STUDENT' })
        .expect(403);
      expect(register.body.message).toBe(PLAIN_HTTP_SIGN_IN_MESSAGE);
      expect(await t.ds.query(`SELECT 1 FROM users WHERE email = 'over-http@example.com'`)).toHaveLength(0);
      const warnings = warn.mock.calls.filter(([m]) => String(m).includes('COOKIE_SECURE'));
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0][0])).toMatch(/^Sign-in from http:\/\/192\.168\.1\.20:3000 refused: .*HTTPS.*COOKIE_SECURE=false/);
    } finally {
      warn.mockRestore();
    }
  });

  it('lets it through where the Secure cookie is kept: localhost, https, behind an https proxy', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://learn.school.example']) {
      const res = await browserLogin(t, origin, { email: user.email, password: user.password }).expect(200);
      expect(String(res.headers['set-cookie'])).toMatch(/school_refresh=.*Secure/);
    }
    await t.http
      .post('/api/auth/login/')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Host', 'school.example')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: user.email, password: user.password })
      .expect(200);
  });

  it('lets API consumers (no browser header) and COOKIE_SECURE=false sign in over http', async () => {
    await t.http
      .post('/api/auth/login/')
      .set('Origin', 'http://192.168.1.20:3000')
      .send({ email: user.email, password: user.password })
      .expect(200);
    const other = await createUser(lax);
    const res = await browserLogin(lax, 'http://192.168.1.20:3000', { email: other.email, password: other.password }).expect(200);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
  });
});

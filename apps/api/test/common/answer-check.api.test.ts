import { Writable } from 'node:stream';
import { routes } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthService } from '../../src/modules/auth/auth.service';
import request from 'supertest';
import type { AppConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** Every line the app logs, parsed. */
const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { logStream });
  student = await createUser(t);
});
afterAll(async () => t?.close());

/**
 * The fault played: the user's read answers `firstname` where the contract says `first_name`,
 * as a misspelt key in a query's json_build_object would.
 */
function misspellFirstName(app: TestApp['app']) {
  const auth = app.get(AuthService);
  const findUser = auth.findUser.bind(auth);
  return vi.spyOn(auth, 'findUser').mockImplementation(async (id) => {
    const { first_name, ...rest } = await findUser(id);
    return { ...rest, firstname: first_name } as never;
  });
}

describe('answers checked against the contract', () => {
  it("sends an answer that matches its route's response schema", async () => {
    const res = await t.http.get('/api/auth/check/').set(bearer(student)).expect(200);
    expect(routes.check.response.parse(res.body).user.email).toBe(student.email);
  });

  it('fails with a 500 naming the route and the missing key, and logs the zod issues, when an answer does not match', async () => {
    const fault = misspellFirstName(t.app);
    try {
      const res = await t.http.get('/api/auth/check/').set(bearer(student)).expect(500);
      expect(res.body).toEqual({
        message: 'The answer of check does not match its contract',
        errors: { 'user.first_name': expect.any(String) },
      });
      const logged = lines.find((l) => l.route === 'check');
      expect(logged).toMatchObject({ level: 50, issues: [expect.objectContaining({ path: ['user', 'first_name'] })] });
    } finally {
      fault.mockRestore();
    }
  });

  it('is off with CHECK_ANSWERS=false: the same answer leaves as the handler built it', async () => {
    const config = Object.assign(Object.create(Object.getPrototypeOf(t.config) as object) as AppConfig, t.config, { CHECK_ANSWERS: false });
    const app = await createApp(config, t.ds);
    await app.init();
    try {
      misspellFirstName(app);
      const res = await request(app.getHttpServer()).get('/api/auth/check/').set(bearer(student)).expect(200);
      expect(res.body.user).toMatchObject({ firstname: 'Test', email: student.email });
    } finally {
      await app.close();
    }
  });
});

import { buildPath, pathParamNames, type RouteDef, routes } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from './test-app';

/**
 * Deny by default, proven over every route of the contracts' table: signed-out callers get 401
 * on every non-public route, students and instructors get 403 on every admin route, and an
 * admin reaches every route (a route the API lacks answers Nest's "Cannot GET" 404 and fails here).
 */
const table = Object.entries(routes as Record<string, RouteDef>);
const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

let t: TestApp;
const users: Record<'STUDENT' | 'INSTRUCTOR' | 'ADMIN', TestUser> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  for (const role of ['STUDENT', 'INSTRUCTOR', 'ADMIN'] as const) users[role] = await createUser(t, { role });
});
afterAll(async () => t?.close());

function call(route: RouteDef, user?: TestUser) {
  const params = Object.fromEntries(pathParamNames(route.path).map((p) => [p, UNKNOWN_ID]));
  const url = `/api/${buildPath(route.path, params)}`;
  const req = t.http[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url);
  if (user) req.set(bearer(user));
  return route.method === 'GET' ? req : req.send({});
}

const isMissingRoute = (body: { message?: string }) => /^Cannot (GET|POST|PUT|PATCH|DELETE) /.test(body?.message ?? '');

describe.each(table)('%s', (_name, route) => {
  if (route.auth !== 'public') {
    it('answers 401 without a token', async () => {
      const res = await call(route);
      expect(isMissingRoute(res.body), `${route.method} ${route.path} is not served`).toBe(false);
      expect(res.status).toBe(401);
    });
  }
  if (route.auth === 'admin') {
    it.each(['STUDENT', 'INSTRUCTOR'] as const)('answers 403 to a %s', async (role) => {
      const res = await call(route, users[role]);
      expect(res.status).toBe(403);
    });
  }
  it('is served to an admin', async () => {
    const res = await call(route, users.ADMIN);
    expect(isMissingRoute(res.body), `${route.method} ${route.path} is not served`).toBe(false);
    // Public routes may still refuse what they were sent (a refresh without a token is a 401).
    if (route.auth !== 'public') expect([401, 403]).not.toContain(res.status);
  });
});

import { buildPath, pathParamNames, type RouteDef, routes } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from './test-app';

/**
 * Deny by default, proven over every route of the contracts' table: signed-out callers get 401
 * on every non-public route, students and instructors get 403 on every admin route, students get
 * 403 on every staff route (admissions reviewers: ADMIN or INSTRUCTOR), and an admin reaches every route (a route the API lacks answers Nest's "Cannot GET" 404 and fails here).
 */
const table = Object.entries(routes as Record<string, RouteDef>);
const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

let t: TestApp;
const users: Record<'STUDENT' | 'INSTRUCTOR' | 'ADMIN', TestUser> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  for (const role of ['STUDENT', 'INSTRUCTOR', 'ADMIN'] as const) users[role] = await createUser(t, { role });
  // Amounts and bank details need the finance permission on top of the role, given by another admin.
  const granter = await createUser(t, { role: 'ADMIN' });
  await t.http.put(`/api/finance/admin/staff/${users.ADMIN.id_slug}/finance`).set(bearer(granter)).send({ finance: true }).expect(200);
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
  if (route.auth === 'staff') {
    it('answers 403 to a STUDENT', async () => {
      const res = await call(route, users.STUDENT);
      expect(res.status).toBe(403);
    });
    it('is served to an INSTRUCTOR', async () => {
      const res = await call(route, users.INSTRUCTOR);
      expect(isMissingRoute(res.body), `${route.method} ${route.path} is not served`).toBe(false);
      expect([401, 403]).not.toContain(res.status);
    });
  }
  it('is served to an admin', async () => {
    const res = await call(route, users.ADMIN);
    expect(isMissingRoute(res.body), `${route.method} ${route.path} is not served`).toBe(false);
    // Public routes may still refuse what they were sent (a refresh without a token is a 401).
    if (route.auth !== 'public') expect([401, 403]).not.toContain(res.status);
  });
});

/** Account status is an admin call: no other role may suspend anyone, not even reinstate itself. */
describe('adminUpdateUserStatus on a real account', () => {
  const status = (target: TestUser, is_suspended: boolean, as?: TestUser) => {
    const req = t.http.patch(`/api/${buildPath(routes.adminUpdateUserStatus.path, { userIdSlug: target.id_slug })}`);
    return (as ? req.set(bearer(as)) : req).send({ is_suspended });
  };
  it.each([
    ['nobody', undefined, 401],
    ['STUDENT', 'STUDENT', 403],
    ['INSTRUCTOR', 'INSTRUCTOR', 403],
  ] as const)('answers %s with %i', async (_who, role, expected) => {
    const target = await createUser(t);
    await status(target, true, role ? users[role] : undefined).expect(expected);
    await status(users.STUDENT, false, role ? users[role] : undefined).expect(expected);
  });
  it('answers an admin with the account', async () => {
    const target = await createUser(t);
    const res = await status(target, true, users.ADMIN).expect(200);
    expect(res.body.user).toMatchObject({ id_slug: target.id_slug, is_suspended: true });
  });
});

/**
 * Operations routes answer without a user: probes and scrapers hold no account. Metrics need
 * METRICS_TOKEN (see metrics.api.test.ts) or, unset as here, a direct caller on this machine:
 * a user's token never opens them to a caller through a proxy.
 */
describe.each([undefined, 'STUDENT', 'INSTRUCTOR', 'ADMIN'] as const)('operations routes for %s', (role) => {
  const as = (req: ReturnType<typeof t.http.get>) => (role ? req.set(bearer(users[role])) : req);
  it.each([
    [routes.healthLive.path, 200],
    [routes.healthReady.path, 200],
    [routes.metrics.path, 200],
  ] as const)('GET /api/%s answers %i', async (path, expected) => {
    await as(t.http.get(`/api/${path}`)).expect(expected);
  });
  it('GET /api/metrics through a proxy answers 403', async () => {
    await as(t.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.9')).expect(403);
  });
});

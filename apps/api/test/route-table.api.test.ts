import { buildPath, listRoutes, pathParamNames } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPath } from '../src/common/route.decorator';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from './test-app';

/**
 * The contracts' route table is what the server serves: every entry is registered with its method
 * and path (answering with and without a trailing slash), and the server registers no API route
 * the table lacks. Read from the Express router Nest registered the handlers on.
 */
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';
const table = listRoutes();

let t: TestApp;
let admin: TestUser;
let layers: RouterLayer[];

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  // Method routes only: middleware mounted on `/api{/*splat}` is not a route of its own.
  layers = express.router.stack.filter((l) => l.route && !l.route.path.includes('*'));
});
afterAll(async () => t?.close());

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('the route table drives the server', () => {
  it('registers exactly the table: every entry, and no API route outside it', () => {
    // Only /api/ is the table's: the well-known address of the credentials' key lives outside it.
    const registered = layers
      .filter((l) => l.route!.path.startsWith('/api/'))
      .flatMap((l) => Object.keys(l.route!.methods).map((m) => key(m, l.route!.path)))
      .sort();
    const declared = table.map((r) => key(r.method, `/api/${serverPath(r.path)}`)).sort();
    expect(registered).toEqual(declared);
  });

  it.each(table.map((r) => [r.name, r] as const))('serves %s with and without a trailing slash', (_name, route) => {
    const params = Object.fromEntries(pathParamNames(route.path).map((p) => [p, UNKNOWN_ID]));
    const path = `/api/${serverPath(buildPath(route.path, params))}`;
    for (const url of [path, `${path}/`]) {
      const served = layers.filter((l) => l.route!.methods[route.method.toLowerCase()] && l.match(url));
      expect(served.length, `${route.method} ${url}`).toBeGreaterThan(0);
    }
  });
});

/** Sizes as the table writes them (`2mb`, `500kb`), in bytes. */
function bytes(size: string): number {
  const m = /^(\d+(?:\.\d+)?)(b|kb|mb)$/i.exec(size);
  if (!m) throw new Error(`Unreadable size ${size}`);
  return Number(m[1]) * { b: 1, kb: 1024, mb: 1024 * 1024 }[m[2].toLowerCase() as 'b' | 'kb' | 'mb'];
}

describe('body limits from the table', () => {
  const limited = table.filter((r) => r.bodyLimit);

  it("the bulk add takes bodies up to 2 MB, an import into a quiz or a shared bank and a placements CSV up to 1 MB, a session report's confirmed marks up to 512 kB", () => {
    expect(limited.map((r) => [r.name, r.bodyLimit]).sort()).toEqual([
      ['adminAddStudentBulk', '2mb'],
      ['adminConfirmAttendanceImport', '512kb'],
      ['adminImportPlacementCsv', '1mb'],
      ['adminPreviewPlacementCsv', '1mb'],
      ['questionBankImport', '1mb'],
      ['quizImport', '1mb'],
    ]);
  });

  it.each(limited.map((r) => [r.name, r] as const))(
    '%s reads a body over 100 kB and refuses one over its limit with 413',
    async (_name, route) => {
      const url = `/api/${buildPath(route.path, Object.fromEntries(pathParamNames(route.path).map((p) => [p, UNKNOWN_ID])))}`;
      const send = (size: number) =>
        t.http[route.method.toLowerCase() as 'post'](url)
          .set(bearer(admin))
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ padding: 'x'.repeat(size) }));
      const within = await send(150_000);
      expect(within.status, JSON.stringify(within.body)).not.toBe(413);
      const over = await send(bytes(route.bodyLimit!) + 1_000);
      expect(over.status).toBe(413);
      expect(over.body.message).toEqual(expect.any(String));
      // With and without the trailing slash alike.
      const withinSlash = await t.http[route.method.toLowerCase() as 'post'](`${url}/`)
        .set(bearer(admin))
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ padding: 'x'.repeat(150_000) }));
      expect(withinSlash.status).not.toBe(413);
    },
  );

  it('other routes keep the 100 kB limit', async () => {
    const res = await t.http
      .post('/api/cohorts/admin/create/')
      .set(bearer(admin))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(150_000) }));
    expect(res.status).toBe(413);
  });
});

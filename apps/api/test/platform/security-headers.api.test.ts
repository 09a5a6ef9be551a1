import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The Content-Security-Policy's directives of an answer, by name. */
function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('Content-Security-Policy', () => {
  it('allows no plugin content at all (object-src none), on the API and on the apps alike', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const csp = directives((await t.http.get(path)).headers['content-security-policy']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
    }
  });
});

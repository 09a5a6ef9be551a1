import { routes } from '@school/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('GET /api/docs serves an OpenAPI document with every route of the contracts', async () => {
  const res = await t.http.get('/api/docs').expect(200);
  expect(res.body.openapi).toMatch(/^3\./);
  const paths = Object.keys(res.body.paths);
  for (const route of Object.values(routes)) {
    const openApiPath = `/${route.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`;
    expect(
      paths.some((p) => p.replace(/^\/api/, '') === openApiPath),
      openApiPath,
    ).toBe(true);
  }
  expect(res.body.paths['/auth/login/'].post.requestBody).toBeTruthy();
});

import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../common/route';
import { routes } from '../routes';
import { buildOpenApiDocument, toOpenApiPath } from './openapi';

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument();

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas.ApiError).toBeDefined();
    expect(() => JSON.stringify(doc)).not.toThrow();
  });

  it('has an operation for every route, with {} path params', () => {
    for (const [name, entry] of Object.entries(routes)) {
      const route = entry as RouteDef;
      const path = toOpenApiPath(route.path);
      expect(path).not.toContain(':');
      const op = doc.paths[path]?.[route.method.toLowerCase()] as { operationId: string } | undefined;
      expect(op, `${route.method} ${path}`).toBeDefined();
      expect(op!.operationId).toBe(name);
    }
    expect(toOpenApiPath('cohorts/:cohortId/courses/:courseId/user/:userIdSlug/')).toBe(
      '/cohorts/{cohortId}/courses/{courseId}/user/{userIdSlug}/',
    );
  });

  it('describes path and query parameters and request bodies', () => {
    const view = doc.paths['/cohorts/{cohortId}/user/{userIdSlug}/'].get as { parameters: Array<{ name: string; in: string }> };
    expect(view.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:cohortId', 'path:userIdSlug']);

    const list = doc.paths['/courses/admin/list'].get as {
      parameters: Array<{ name: string; in: string; required: boolean; schema: { default?: unknown; maximum?: number } }>;
    };
    const pageSize = list.parameters.find((p) => p.name === 'page_size')!;
    expect(pageSize.in).toBe('query');
    expect(pageSize.required).toBe(false);
    expect(pageSize.schema.default).toBe(7);
    expect(pageSize.schema.maximum).toBe(100);
    expect(list.parameters.map((p) => p.name)).toContain('cohort_id_slug');

    const login = doc.paths['/auth/login/'].post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, { format?: string }>; required: string[] } } } };
      security: unknown[];
    };
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['email', 'password']);
    expect(schema.properties.email.format).toBe('email');
    expect(login.security).toEqual([]);

    const upload = doc.paths['/upload/file_upload/'].post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);

    const exportOp = doc.paths['/applications/admin/export'].get as { responses: Record<string, { content: Record<string, unknown> }> };
    expect(Object.keys(exportOp.responses['200'].content)).toEqual(['text/csv']);

    const check = doc.paths['/auth/check/'].get as { security: unknown[]; responses: Record<string, unknown> };
    expect(check.security).toEqual([{ bearer: [] }, { refreshCookie: [] }]);
    expect(check.responses['401']).toBeDefined();
  });
});

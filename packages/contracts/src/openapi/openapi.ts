import { z } from 'zod';
import { ApiErrorSchema } from '../common/common.schemas';
import { pathParamNames, type RouteDef } from '../common/route';
import { routes } from '../routes';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
  };
}

export interface BuildOpenApiOptions {
  title?: string;
  version?: string;
  serverUrl?: string;
}

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** `courses/admin/:courseId/update/` -> `/courses/admin/{courseId}/update/` */
export function toOpenApiPath(path: string): string {
  return '/' + path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function parametersFor(route: RouteDef): unknown[] {
  const out: unknown[] = [];
  const paramsJson = route.params ? toJson(route.params, 'input') : undefined;
  const paramProps = (paramsJson?.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParamNames(route.path)) {
    out.push({ name, in: 'path', required: true, schema: paramProps[name] ?? { type: 'string' } });
  }
  if (route.query) {
    const queryJson = toJson(route.query, 'input');
    const props = (queryJson.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((queryJson.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(props)) {
      out.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return out;
}

/** The OpenAPI 3.1 document of every route of the table. */
export function buildOpenApiDocument(options: BuildOpenApiOptions = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const errorRef = { $ref: '#/components/schemas/ApiError' };
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: errorRef } },
  });

  for (const [name, entry] of Object.entries(routes)) {
    const route = entry as RouteDef;
    const key = toOpenApiPath(route.path);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: route.summary ?? name,
      tags: [route.path.split('/')[0]],
      parameters: parametersFor(route),
    };
    if (route.auth !== 'public') {
      operation.security = [{ bearer: [] }, { refreshCookie: [] }];
      operation['x-auth'] = route.auth;
    } else {
      operation.security = [];
    }
    if (route.requestType === 'multipart') {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      };
    } else if (route.requestType === 'binary') {
      operation.requestBody = {
        required: true,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    } else if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toJson(route.body, 'input') } },
      };
    }
    const status = String(route.successStatus ?? 200);
    const success =
      route.responseType === 'text'
        ? { description: 'OK', content: { 'text/csv': { schema: { type: 'string' } } } }
        : route.responseType === 'file'
          ? { description: 'OK', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : { description: 'OK', content: { 'application/json': { schema: toJson(route.response, 'output') } } };
    const responses: Record<string, unknown> = { [status]: success };
    if (route.body || route.query || route.params) responses['400'] = errorResponse('Invalid input');
    if (route.auth !== 'public') {
      responses['401'] = errorResponse('Not signed in or session expired');
      responses['403'] = errorResponse('Forbidden');
    }
    if (route.params) responses['404'] = errorResponse('Not found');
    operation.responses = responses;
    (paths[key] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'School API',
      version: options.version ?? '1.0.0',
      description:
        'REST API of the school platform. Browsers send `X-Requested-With: school-web` ' +
        'and receive the refresh token as an httpOnly cookie; other clients get it in the JSON body.',
    },
    servers: [{ url: options.serverUrl ?? '/api' }],
    paths,
    components: {
      schemas: { ApiError: toJson(ApiErrorSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        refreshCookie: { type: 'apiKey', in: 'cookie', name: 'school_refresh' },
      },
    },
  };
}

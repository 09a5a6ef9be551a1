import {
  applyDecorators,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
} from '@nestjs/common';
import { type HttpMethod, type RouteDef, type RouteName, type Routes, routes } from '@school/contracts';
import type { z } from 'zod';
import { AdminOnly, Public, StaffOnly } from './auth.decorators';
import { ZodPipe } from './zod.pipe';

/** Metadata key holding the name of the route table entry a handler serves. */
export const ROUTE_NAME = 'routeName';

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/**
 * A table path as the server registers it: without its trailing slash (as Nest registers every
 * path), which Express's non-strict routing answers with or without one. `auth/login` and
 * `auth/login/` both answer, whichever form the table writes.
 */
export function serverPath(path: string): string {
  return path.replace(/\/$/, '');
}

/** The request paths (under `/api/`) a table path answers: its params stand for any one segment, the trailing slash optional. */
export function serverPathPattern(path: string): RegExp {
  const segments = serverPath(path)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/api/${segments.join('/')}/?$`);
}

/**
 * Serves a handler as the named entry of the contracts' route table: its method and path, its
 * access (public, any signed-in user, staff, or admins only) and its success status all come from the
 * table. `@RouteParams()`, `@RouteQuery()` and `@RouteBody()` give the handler the request's
 * parts validated with the entry's schemas. The body limit is applied in create-app.ts (body
 * parsers run before routing) and the OpenAPI document is built from the same table.
 */
export function Route(name: RouteName): MethodDecorator {
  const route: RouteDef = routes[name];
  const decorators = [
    SetMetadata(ROUTE_NAME, name),
    METHOD_DECORATORS[route.method](serverPath(route.path)),
    HttpCode(route.successStatus ?? 200),
  ];
  if (route.auth === 'public') decorators.push(Public());
  if (route.auth === 'admin') decorators.push(AdminOnly());
  if (route.auth === 'staff') decorators.push(StaffOnly());
  return applyDecorators(...decorators);
}

type Part = 'params' | 'query' | 'body';
type PartOf<N extends RouteName, K extends Part> = Routes[N] extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : never;
/** The validated path params of a route. */
export type ParamsOf<N extends RouteName> = PartOf<N, 'params'>;
/** The validated query of a route. */
export type QueryOf<N extends RouteName> = PartOf<N, 'query'>;
/** The validated body of a route. */
export type BodyOf<N extends RouteName> = PartOf<N, 'body'>;

const pipes = new Map<string, ZodPipe<z.ZodType>>();

function validated(part: Part) {
  return createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const name = Reflect.getMetadata(ROUTE_NAME, ctx.getHandler()) as RouteName | undefined;
    const schema = name && (routes[name] as RouteDef)[part];
    if (!schema)
      throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} reads its ${part} but serves no route with a ${part} schema`);
    const key = `${name}:${part}`;
    let pipe = pipes.get(key);
    if (!pipe) pipes.set(key, (pipe = new ZodPipe(schema)));
    return pipe.transform(ctx.switchToHttp().getRequest()[part]);
  });
}

/** The path params, validated with the route's params schema. */
export const RouteParams = validated('params');
/** The query, validated with the route's query schema. */
export const RouteQuery = validated('query');
/** The body, validated with the route's body schema. */
export const RouteBody = validated('body');

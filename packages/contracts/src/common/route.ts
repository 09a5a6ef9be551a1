import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who may call: anyone, any signed-in user, staff (ADMIN or INSTRUCTOR) or admins only. */
export type RouteAuth = 'public' | 'user' | 'staff' | 'admin';

export interface RouteDef {
  method: HttpMethod;
  /** Path relative to the API base, without a leading slash; `:name` marks a path param. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  auth: RouteAuth;
  /** Request body encoding; `multipart` and `binary` (raw bytes) routes are called with `client.upload`. Default `json`. */
  requestType?: 'json' | 'multipart' | 'binary';
  /** Answer encoding; `text` answers (CSV) are returned as a string, `file` answers (stored files) as a Blob. Default `json`. */
  responseType?: 'json' | 'text' | 'file';
  /** Largest JSON body the route accepts (an express `bytes` size such as `2mb`), when more than the API's default 100 kB. */
  bodyLimit?: string;
  /** Response status on success (documentation). Default 200 (201 for creations where stated). */
  successStatus?: number;
  summary?: string;
}

/** Identity helper that keeps the literal type of a route entry. */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

/** Identity helper for a group of routes. */
export function defineRoutes<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes;
}

/** Names of the `:params` of a path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

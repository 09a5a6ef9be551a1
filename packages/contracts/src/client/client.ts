import type { z } from 'zod';
import type { RouteDef } from '../common/route';
import { RefreshResponseSchema } from '../auth/auth.schemas';
import { routes as defaultRoutes, type RouteName, type Routes } from '../routes';
import { ApiError } from './api-error';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
/** Header marking a call as coming from one of the school's web apps (CSRF guard). */
export const CLIENT_MARKER_HEADER = 'X-Requested-With';
export const CLIENT_MARKER_VALUE = 'school-web';

export interface TokenStore {
  getAccess(): string | null;
  setAccess(token: string | null): void;
  /** Only for non-browser consumers that keep the refresh token themselves. */
  getRefresh?(): string | null;
  setRefresh?(token: string | null): void;
}

export interface ApiClientOptions {
  /** Base of the API, default `/api/`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  tokens: TokenStore;
  /** Called once the session cannot be renewed; default `defaultSessionExpired`. */
  onSessionExpired?: () => void;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

// Not distributive ([R] extends ...): while a call's route name is inferred, R may be the union of every
// route, and three distributive parts would multiply into a union too large for the compiler.
type ParamsPart<R> = [R] extends [{ params: infer P extends z.ZodType }] ? { params: z.input<P> } : { params?: undefined };
type QueryPart<R> = [R] extends [{ query: infer Q extends z.ZodType }]
  ? {} extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: undefined };
type BodyPart<R> = [R] extends [{ body: infer B extends z.ZodType }]
  ? {} extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };

/** The options of `client.call(name, options)`. */
export type CallOptions<N extends RouteName> = Simplify<
  ParamsPart<Routes[N]> & QueryPart<Routes[N]> & BodyPart<Routes[N]> & { signal?: AbortSignal; headers?: Record<string, string> }
>;
/** The parsed answer of a route. */
export type CallResult<N extends RouteName> = z.output<Routes[N]['response']>;
/** Request body type of a route (its schema's input). */
export type CallBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

type OptionalIfEmpty<T> = {} extends T ? [options?: T] : [options: T];

export interface UploadOptions<N extends RouteName> {
  params?: ParamsPart<Routes[N]>['params'];
  signal?: AbortSignal;
  /** Extra request headers (e.g. the public forms' visitor token). */
  headers?: Record<string, string>;
  /** Sends this upload instead of the client's fetch (e.g. one built on XMLHttpRequest that reports progress). */
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<N extends RouteName>(name: N, ...args: OptionalIfEmpty<CallOptions<N>>): Promise<CallResult<N>>;
  /** Sends a form (multipart routes) or raw bytes (binary routes, as application/octet-stream). */
  upload<N extends RouteName>(name: N, body: FormData | Blob, options?: UploadOptions<N>): Promise<CallResult<N>>;
  /** URL of a route with params and query filled in. */
  url<N extends RouteName>(name: N, options?: { params?: Record<string, string>; query?: object }): string;
  /**
   * Try to obtain a new access token from the refresh token (cookie or store) without treating a
   * failure as an expired session; use it at start-up to restore a session. Shares the in-flight
   * refresh with any concurrent 401 handling.
   */
  restoreSession(): Promise<boolean>;
}

/** Alert and go to the login page. */
export function defaultSessionExpired(): void {
  window.alert(SESSION_EXPIRED_MESSAGE);
  window.location.assign('/login');
}

/** Fill `:name` segments with URI-encoded params. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path param "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Query string (with leading `?`, or empty) from an object; undefined and null are skipped. */
export function buildQuery(query?: object): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface RequestSpec {
  route: RouteDef;
  url: string;
  body?: BodyInit;
  json: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const routes = defaultRoutes as Record<string, RouteDef>;
  const baseUrl = (options.baseUrl ?? '/api/').replace(/\/?$/, '/');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { tokens } = options;
  const onSessionExpired = options.onSessionExpired ?? defaultSessionExpired;
  const refreshRoute = routes.refresh;

  let refreshing: Promise<boolean> | null = null;

  function headersFor(json: boolean, hasBody: boolean, extra: Record<string, string> = {}): Headers {
    const headers = new Headers(extra);
    headers.set('Accept', 'application/json');
    headers.set(CLIENT_MARKER_HEADER, CLIENT_MARKER_VALUE);
    if (json && hasBody) headers.set('Content-Type', 'application/json');
    const access = tokens.getAccess();
    if (access) headers.set('Authorization', `Bearer ${access}`);
    return headers;
  }

  function send(spec: RequestSpec): Promise<Response> {
    return (spec.fetch ?? doFetch)(spec.url, {
      method: spec.route.method,
      headers: headersFor(spec.json, spec.body !== undefined, spec.headers),
      body: spec.body,
      credentials: 'include',
      signal: spec.signal,
    });
  }

  function expireSession(): void {
    tokens.setAccess(null);
    tokens.setRefresh?.(null);
    onSessionExpired();
  }

  /** One shared refresh at a time; resolves true when a new access token is held. */
  function refreshAccess(): Promise<boolean> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        const refresh = tokens.getRefresh?.() ?? undefined;
        const res = await send({
          route: refreshRoute,
          url: baseUrl + refreshRoute.path,
          body: JSON.stringify(refresh ? { refresh } : {}),
          json: true,
        });
        if (!res.ok) return false;
        const parsed = RefreshResponseSchema.safeParse(await readBody(res));
        if (!parsed.success) return false;
        tokens.setAccess(parsed.data.access);
        if (parsed.data.refresh !== undefined) tokens.setRefresh?.(parsed.data.refresh);
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function execute(name: string, spec: RequestSpec): Promise<unknown> {
    const isRefreshCall = spec.route.path === refreshRoute.path && spec.route.method === refreshRoute.method;
    const tokenUsed = tokens.getAccess();
    let res = await send(spec);

    if (res.status === 401) {
      if (isRefreshCall) {
        expireSession();
      } else if (spec.route.auth !== 'public') {
        // Another call may already have renewed the token while this one was in flight.
        const current = tokens.getAccess();
        const renewed = (current !== null && current !== tokenUsed) || (await refreshAccess());
        if (renewed) {
          res = await send(spec);
          if (res.status === 401) expireSession();
        } else {
          expireSession();
        }
      }
    }

    const body =
      spec.route.responseType === 'text'
        ? await res.text()
        : spec.route.responseType === 'file' && res.ok
          ? await res.blob()
          : await readBody(res);
    if (!res.ok) throw ApiError.fromBody(res.status, body);

    const result = spec.route.response.safeParse(body);
    if (!result.success) {
      throw new ApiError(res.status, `Unexpected answer from ${name}`, undefined, body);
    }
    // Answers that carry tokens (login, register, refresh, password change) renew the session;
    // a successful logout ends it.
    const data = result.data as { access?: unknown; refresh?: unknown } | null;
    if (data && typeof data === 'object' && typeof data.access === 'string') {
      tokens.setAccess(data.access);
      if (typeof data.refresh === 'string') tokens.setRefresh?.(data.refresh);
    } else if (name === 'logout') {
      tokens.setAccess(null);
      tokens.setRefresh?.(null);
    }
    return result.data;
  }

  function routeFor(name: string): RouteDef {
    const route = routes[name];
    if (!route) throw new Error(`Unknown route "${name}"`);
    return route;
  }

  function url(name: string, opts: { params?: object; query?: object } = {}): string {
    const route = routeFor(name);
    return baseUrl + buildPath(route.path, opts.params as Record<string, unknown>) + buildQuery(opts.query);
  }

  return {
    call(name, ...args) {
      const opts = (args[0] ?? {}) as {
        params?: object;
        query?: object;
        body?: unknown;
        signal?: AbortSignal;
        headers?: Record<string, string>;
      };
      const route = routeFor(name);
      const hasBody = opts.body !== undefined || (route.body !== undefined && route.method !== 'GET');
      return execute(name, {
        route,
        url: url(name, opts),
        body: hasBody ? JSON.stringify(opts.body ?? {}) : undefined,
        json: true,
        signal: opts.signal,
        headers: opts.headers,
      }) as Promise<never>;
    },
    upload(name, body, opts = {}) {
      const route = routeFor(name);
      const binary = !(body instanceof FormData);
      return execute(name, {
        route,
        url: url(name, { params: opts.params as object | undefined }),
        body,
        json: false,
        signal: opts.signal,
        headers: binary ? { 'Content-Type': 'application/octet-stream', ...opts.headers } : opts.headers,
        fetch: opts.fetch,
      }) as Promise<never>;
    },
    url(name, opts) {
      return url(name, opts);
    },
    restoreSession() {
      return refreshAccess();
    },
  };
}

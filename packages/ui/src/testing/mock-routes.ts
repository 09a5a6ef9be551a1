import { type CallBody, type CallResult, type RouteName, type Routes, routes, type User } from '@school/contracts';
import { vi } from 'vitest';

/*
 * The one stand-in for the API in the apps' unit tests: the real typed client and the real hooks run,
 * and `fetch` is answered by handlers keyed by the route's name in the contracts' table, so a handler
 * answers what the route answers and a renamed or moved route fails the test's typecheck.
 */

/** One call the app made, as the handler sees it and as `calls` records it. */
export interface RouteCall<N extends RouteName = RouteName> {
  /** The route of the contracts' table it reached (unknown paths are recorded under `null`). */
  name: N;
  method: string;
  /** The path below `/api/`, without its trailing slash: `courses/admin/c1`. */
  path: string;
  /** The path params the route's pattern took from the path. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body parsed, or what was sent as it is (a form, a file). */
  body: Routes[N] extends { body: unknown } ? CallBody<N> : unknown;
  headers: Headers;
}

const REPLY = Symbol('reply');

/** A failure (or any answer not the route's success): its status and body, sent as JSON. */
export interface Reply {
  [REPLY]: true;
  status: number;
  body: unknown;
}

/** Answers the call with `status` and `body` (an error body, a text, an empty answer with no body). */
export function reply(status: number, body?: unknown): Reply {
  return { [REPLY]: true, status, body };
}

/** What a handler may answer: the route's own answer (200), a `reply(status, body)`, or a Response (files). */
export type RouteAnswer<N extends RouteName> = CallResult<N> | Reply | Response;

export type RouteHandler<N extends RouteName> = (call: RouteCall<N>) => RouteAnswer<N> | Promise<RouteAnswer<N>>;

/** Handlers by route name, each typed by its route's entry in the table. */
export type RouteHandlers = { [N in RouteName]?: RouteHandler<N> };

export interface MockRoutesOptions {
  /**
   * The user whose session the app restores (refresh and `auth/check/` answered, the session hint
   * cookie set); null leaves the visitor signed out. Handlers for `refresh` or `check` win over it.
   */
  user?: User | null;
}

interface Pattern {
  name: RouteName;
  method: string;
  segments: string[];
  /** Literal segments count: `courses/admin/list` wins over `courses/admin/:courseId`. */
  literals: number;
}

const trim = (path: string) => path.replace(/^\/+/, '').replace(/\/+$/, '');

const patterns: Pattern[] = (Object.keys(routes) as RouteName[])
  .map((name) => {
    const segments = trim(routes[name].path).split('/');
    return { name, method: routes[name].method, segments, literals: segments.filter((s) => !s.startsWith(':')).length };
  })
  .sort((a, b) => b.literals - a.literals);

/** The route a method and path (below /api/) reach, with the params read from the path. */
export function matchRoute(method: string, path: string): { name: RouteName; params: Record<string, string> } | null {
  const segments = trim(path).split('/');
  for (const p of patterns) {
    if (p.method !== method || p.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = p.segments.every((s, i) => {
      if (s.startsWith(':')) {
        params[s.slice(1)] = decodeURIComponent(segments[i]);
        return true;
      }
      return s === segments[i];
    });
    if (fits) return { name: p.name, params };
  }
  return null;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Stubs `fetch` with `handlers` (by route name) and records every call but the session's own. A call
 * no handler answers gets a 599 naming its route, so the screen shows a failure and the test fails
 * on what it then misses.
 */
export function mockRoutes(handlers: RouteHandlers, { user = null }: MockRoutesOptions = {}) {
  const calls: RouteCall[] = [];
  const all = handlers as Record<string, RouteHandler<RouteName> | undefined>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = trim(url.pathname.replace(/^\/api\//, ''));
    const route = url.pathname.startsWith('/api/') ? matchRoute(method, path) : null;
    const name = route?.name ?? null;
    if (user && !(name && all[name]) && name === 'refresh') return json(200, { access: 'access-token' });
    if (user && !(name && all[name]) && name === 'check') return json(200, { user });
    const call = {
      name,
      method,
      path,
      params: route?.params ?? {},
      query: url.searchParams,
      body: parseBody(init?.body),
      headers: new Headers(init?.headers),
    } as RouteCall;
    calls.push(call);
    const handler = name ? all[name] : undefined;
    if (!handler) return json(599, { message: `No mock answer for ${name ?? `${method} ${url.pathname}`}` });
    const answer = await handler(call);
    if (answer instanceof Response) return answer;
    if (answer && typeof answer === 'object' && REPLY in answer) return json(answer.status, answer.body);
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  // The hint the API sets beside the refresh cookie: without it no session is restored.
  document.cookie = user ? 'school_has_session=1; path=/' : 'school_has_session=; path=/; max-age=0';
  return { calls, fetchMock };
}

/**
 * One route answered differently per path (two courses, two applications): the handler for the
 * call's path (below /api/, no trailing slash), or a 599 naming the path no entry answers.
 */
export function byPath<N extends RouteName>(handlers: Record<string, RouteHandler<N>>): RouteHandler<N> {
  return (call) => handlers[call.path]?.(call) ?? reply(599, { message: `No mock answer for ${call.path}` });
}

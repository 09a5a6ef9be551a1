import type { User } from '@school/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../app/app';

export const STUDENT: User = { id_slug: 'u1', first_name: 'Aisyah', last_name: 'Rahman', email: 'aisyah@example.com', role: 'STUDENT' };

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: FakeCall) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Renders the whole portal at a path, signed in as `user`, with the API answered by `routes`
 * ('METHOD /api/path' -> handler, path without query). Unanswered calls fail the test with a 599.
 */
export function renderApp(path: string, routes: Record<string, Handler>, user: User = STUDENT) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    let answer: { status?: number; body?: unknown };
    if (key === 'POST /api/auth/token/refresh/') answer = { body: { access: 'access-token' } };
    else if (key === 'GET /api/auth/check/') answer = { body: { user } };
    else if (routes[key]) answer = await routes[key](call);
    else answer = { status: 599, body: { message: `No fake answer for ${key}` } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // The hint the API sets beside the refresh cookie: without it no session is restored.
  document.cookie = 'school_has_session=1; path=/';
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return { ...utils, calls, fetchMock };
}

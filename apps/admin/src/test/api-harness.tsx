import { AppProviders } from '@school/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { NoticeProvider, NoticeRegion } from '../lib/notice';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => unknown;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const ADMIN = { id_slug: 'admin1', first_name: 'Nadia', last_name: 'Hassan', email: 'admin@example.com', role: 'ADMIN' as const };

/**
 * A stand-in for the API behind the real typed client: the session restores as an admin, and
 * `handlers` answer 'METHOD path' (path without /api/ and trailing slash). A handler may return
 * `[status, body]` to fail, or a Response (files). Every call is recorded.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '').replace(/\/$/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (path === 'auth/token/refresh') return json(200, { access: 'token' });
    if (path === 'auth/check') return json(200, { user: ADMIN });
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json(404, { message: `No handler for ${method} ${path}` });
    const answer = handler(call);
    // A file answer (a preview, an export) is given as the Response itself.
    if (answer instanceof Response) return answer;
    if (Array.isArray(answer) && typeof answer[0] === 'number') return json(answer[0], answer[1]);
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  // The hint the API sets beside the refresh cookie: without it no session is restored.
  document.cookie = 'school_has_session=1; path=/';
  return { calls };
}

/**
 * Renders inside the console's providers (a data router as in the app, react-query, session,
 * notices). `route` is the path pattern the element answers (for its params); any other path shows
 * 'Another page'. `router` is the memory router, to navigate as a user would.
 */
export function renderWithApi(ui: ReactNode, path = '/admin', route = '*') {
  const router = createMemoryRouter(
    [
      {
        path: route,
        element: (
          <AppProviders app="admin">
            <NoticeProvider>
              <NoticeRegion />
              {ui}
            </NoticeProvider>
          </AppProviders>
        ),
      },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

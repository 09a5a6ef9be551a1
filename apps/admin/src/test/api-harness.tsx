import { AppProviders } from '@school/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { NoticeProvider, NoticeRegion } from '../lib/notice';

/** The signed-in admin of the console's tests: `mockRoutes(handlers, { user: ADMIN })` restores this session. */
export const ADMIN = { id_slug: 'admin1', first_name: 'Nadia', last_name: 'Hassan', email: 'admin@example.com', role: 'ADMIN' as const };

/**
 * Renders inside the console's providers (a data router as in the app, react-query, session,
 * notices), the API answered by `mockRoutes` from '@school/ui/testing'. `route` is the path pattern
 * the element answers (for its params); any other path shows 'Another page'. `router` is the memory
 * router, to navigate as a user would.
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

import type { User } from '@school/contracts';
import { mockRoutes, type RouteHandlers } from '@school/ui/testing';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../app/app';

export const STUDENT: User = { id_slug: 'u1', first_name: 'Aisyah', last_name: 'Rahman', email: 'aisyah@example.com', role: 'STUDENT' };

/**
 * Renders the whole portal at a path, signed in as `user`, with the API answered by `handlers`
 * (by route name, see `mockRoutes`). Unanswered calls get a 599, so the screen shows a failure.
 */
export function renderApp(path: string, handlers: RouteHandlers, user: User = STUDENT) {
  // A student not yet placed for on-the-job training, unless a test says otherwise.
  const { calls } = mockRoutes({ myPlacements: () => ({ data: [] }), ...handlers }, { user });
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  return { ...utils, calls };
}

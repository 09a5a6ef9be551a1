import type { ReviewQueueResponse } from '@school/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { mockRoutes, type RouteCall } from '@school/ui/testing';
import { ADMIN } from '../../test/api-harness';

afterEach(() => vi.unstubAllGlobals());

const queue = (scored: string | null): ReviewQueueResponse => ({
  data: [
    {
      id_slug: 'app_aaaaaaaaaaaaaaaa',
      intake: 'youth-programme-2027',
      course: 'Packaging',
      status: 'IN_REVIEW',
      highest_qualification: 'Degree',
      field_study: scored === 'true' ? 'Physics' : 'Engineering',
      assigned_at: '2026-10-05T02:00:00.000Z',
      scored_at: scored === 'true' ? '2026-10-06T02:00:00.000Z' : null,
      can_score: true,
    },
  ],
  count: 1,
  num_pages: 1,
});

/** The console's API as a reviewer of `role` sees it: their queue of assigned applications. */
function api(role: 'ADMIN' | 'INSTRUCTOR') {
  const { calls } = mockRoutes({ admissionsReviewQueue: (c: RouteCall) => queue(c.query.get('scored')) }, { user: ADMIN });
  const answer = globalThis.fetch;
  // The session restores as this role (the harness signs in an admin).
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) =>
    new URL(String(input), 'http://localhost').pathname.replace(/\/$/, '') === '/api/auth/check'
      ? Promise.resolve(new Response(JSON.stringify({ user: { ...ADMIN, role } }), { headers: { 'Content-Type': 'application/json' } }))
      : answer(input, init),
  );
  return calls;
}

const renderApp = (path: string) => {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('the reviewer queue, for admins and instructors', () => {
  it('/admin/reviews: the queue in the admin console, still to score first, each application linking to its scoring page', async () => {
    const calls = api('ADMIN');
    renderApp('/admin/reviews');
    const link = await screen.findByRole('link', { name: 'Application APP_AAAA' });
    expect(link).toHaveAttribute('href', '/admin/reviews/app_aaaaaaaaaaaaaaaa');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'admissions/review/queue')!.query.get('scored')).toBe('false');
    expect(within(screen.getByRole('navigation', { name: /sidebar|admin/i })).getByRole('link', { name: /Reviews/ })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Scored');
    expect(await screen.findByText('Physics')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('scored')).toBe('true');
  });

  it('/instructor/reviews: the same queue in the instructors’ pages, linking under /instructor', async () => {
    api('INSTRUCTOR');
    renderApp('/instructor/reviews');
    const link = await screen.findByRole('link', { name: 'Application APP_AAAA' });
    expect(link).toHaveAttribute('href', '/instructor/reviews/app_aaaaaaaaaaaaaaaa');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { SessionProvider, useSession } from './session';

const AISYAH = { id_slug: 'u1', first_name: 'Aisyah', last_name: 'Rahman', email: 'a@example.com', role: 'STUDENT' as const };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function mockServer(opts: { refreshOk: boolean; role?: 'STUDENT' | 'ADMIN' }) {
  const fetchMock = vi.fn(async (url: string | URL | Request, _init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('auth/token/refresh/')) return opts.refreshOk ? json(200, { access: 'tok' }) : json(401, { message: 'expired' });
    if (path.endsWith('auth/check/')) return json(200, { user: { ...AISYAH, role: opts.role ?? 'STUDENT' } });
    return json(404, { message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness({ initial, children }: { initial: string; children: React.ReactNode }) {
  return (
    <MemoryRouter initialEntries={[initial]}>
      <WithSession>{children}</WithSession>
    </MemoryRouter>
  );
}
function WithSession({ children }: { children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <SessionProvider app="learn" navigate={navigate}>
      {children}
    </SessionProvider>
  );
}
function Who() {
  const { status, user } = useSession();
  return <p>{status === 'signed-in' ? `Hello ${user?.first_name}` : status}</p>;
}

const SIGNED_IN_BEFORE = 'school_has_session=1; path=/';
const clearHint = () => (document.cookie = 'school_has_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');

afterEach(() => {
  vi.unstubAllGlobals();
  clearHint();
});

describe('SessionProvider', () => {
  it('restores a session from the refresh cookie and asks the server who is signed in', async () => {
    document.cookie = SIGNED_IN_BEFORE;
    const fetchMock = mockServer({ refreshOk: true });
    render(
      <Harness initial="/student">
        <Who />
      </Harness>,
    );
    expect(await screen.findByText('Hello Aisyah')).toBeInTheDocument();
    const refreshCall = fetchMock.mock.calls.find(([u]) => String(u).endsWith('auth/token/refresh/'))!;
    expect((refreshCall[1] as RequestInit).credentials).toBe('include');
  });

  it('makes no call at all for a visitor with no session cookie hint', async () => {
    const fetchMock = mockServer({ refreshOk: true });
    render(
      <Harness initial="/student">
        <Who />
      </Harness>,
    );
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is signed out when the refresh fails, without a session-expired alert', async () => {
    document.cookie = SIGNED_IN_BEFORE;
    mockServer({ refreshOk: false });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    render(
      <Harness initial="/student">
        <Who />
      </Harness>,
    );
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('route guards', () => {
  it('sends a signed-out visitor of a student route to /login', async () => {
    mockServer({ refreshOk: false });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    render(
      <Harness initial="/student">
        <RequireAuth roles={['STUDENT']}>
          <p>secret</p>
        </RequireAuth>
      </Harness>,
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('sends a signed-in admin away from a student route to /admin/courses', async () => {
    document.cookie = SIGNED_IN_BEFORE;
    mockServer({ refreshOk: true, role: 'ADMIN' });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: assign });
    render(
      <Harness initial="/student">
        <RequireAuth roles={['STUDENT']}>
          <p>secret</p>
        </RequireAuth>
      </Harness>,
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin/courses'));
  });

  it('sends a signed-in student away from a landing route to /student', async () => {
    document.cookie = SIGNED_IN_BEFORE;
    mockServer({ refreshOk: true });
    render(
      <Harness initial="/login">
        <Routes>
          <Route
            path="/login"
            element={
              <RedirectIfSignedIn>
                <p>login form</p>
              </RedirectIfSignedIn>
            }
          />
          <Route path="/student" element={<p>dashboard</p>} />
        </Routes>
      </Harness>,
    );
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
  });
});

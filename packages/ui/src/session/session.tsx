import type { ApiClient, Login, Register, User } from '@school/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createLazyApiClient, defaultSessionExpired } from './lazy-api-client';
import { type AppName, type AppOrigins, appForPath, hrefFor } from './routing';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  /** True once the user logged out here: the logout flow, not the route guard, takes them to /login. */
  loggedOut: boolean;
  user: User | null;
  client: ApiClient;
  login(body: Login): Promise<User>;
  register(body: Register): Promise<User>;
  logout(): Promise<void>;
  setUser(user: User): void;
  /** After a password change the server issues a new pair; the access token is kept here. */
  setAccessToken(token: string): void;
  /** Goes to a route, inside this app with the router or across apps with a page load. */
  go(path: string, opts?: { replace?: boolean }): void;
  href(path: string): string;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The API sets this cookie, readable by the apps and holding no secret, beside the httpOnly refresh
 * cookie, and clears it with it (apps/api's refresh-cookie.ts): without it no session can be restored,
 * so a signed-out visitor's page makes no refresh call (which would only answer 401).
 */
export const SESSION_HINT_COOKIE = 'school_has_session';

export function mayHaveSession(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** The access token lives in memory only; the refresh token is an httpOnly cookie the page never sees. */
function memoryTokens() {
  let access: string | null = null;
  return { getAccess: () => access, setAccess: (t: string | null) => void (access = t) };
}

export interface SessionProviderProps {
  app: AppName;
  origins?: AppOrigins;
  /** In-app navigation (react-router's navigate). */
  navigate: (path: string, opts?: { replace?: boolean }) => void;
  apiBase?: string;
  children: ReactNode;
}

/**
 * Restores the session on load when one may exist (refresh cookie, then auth/check), and offers login, register,
 * logout and the one typed API client of the app.
 */
export function SessionProvider({ app, origins, navigate, apiBase, children }: SessionProviderProps) {
  const [state, setState] = useState<{ status: SessionStatus; user: User | null; loggedOut: boolean }>({
    status: 'loading',
    user: null,
    loggedOut: false,
  });
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // Every deployment serves /api/ on each app's own origin (nginx proxies it), keeping the cookie first-party.
  const baseUrl = apiBase ?? '/api/';
  // One token store and one client for the provider's lifetime.
  const [{ tokens, client }] = useState(() => {
    const store = memoryTokens();
    return {
      tokens: store,
      client: createLazyApiClient({
        baseUrl,
        tokens: store,
        onSessionExpired: () => {
          setState({ status: 'signed-out', user: null, loggedOut: false });
          defaultSessionExpired();
        },
      }),
    };
  });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const restored = mayHaveSession() && (await client.restoreSession().catch(() => false));
      if (!restored) {
        if (!cancelled) setState({ status: 'signed-out', user: null, loggedOut: false });
        return;
      }
      try {
        const { user } = await client.call('check');
        if (!cancelled) setState({ status: 'signed-in', user, loggedOut: false });
      } catch {
        if (!cancelled) setState({ status: 'signed-out', user: null, loggedOut: false });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client]);

  const go = useCallback(
    (path: string, opts?: { replace?: boolean }) => {
      if (appForPath(path) === app && !origins?.[app]) return navigateRef.current(path, opts);
      if (appForPath(path) === app) return navigateRef.current(path, opts);
      const target = hrefFor(path, origins);
      if (opts?.replace) window.location.replace(target);
      else window.location.assign(target);
    },
    [app, origins],
  );

  const session = useMemo<Session>(
    () => ({
      ...state,
      client,
      async login(body) {
        const res = await client.call('login', { body });
        tokens.setAccess(res.access);
        setState({ status: 'signed-in', user: res.user, loggedOut: false });
        return res.user;
      },
      async register(body) {
        const res = await client.call('register', { body });
        tokens.setAccess(res.access);
        setState({ status: 'signed-in', user: res.user, loggedOut: false });
        return res.user;
      },
      async logout() {
        await client.call('logout', { body: {} });
        tokens.setAccess(null);
        setState({ status: 'signed-out', user: null, loggedOut: true });
      },
      setUser: (user) => setState({ status: 'signed-in', user, loggedOut: false }),
      setAccessToken: (token) => tokens.setAccess(token),
      go,
      href: (path) => hrefFor(path, origins),
    }),
    [state, client, go, origins, tokens],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

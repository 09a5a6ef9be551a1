import type { Role } from '@school/contracts';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingIndicator } from '../loading-indicator/loading-indicator';
import { homeRoute, isLandingRoute } from './routing';
import { useSession } from './session';

/**
 * Student and admin routes: without a session go to /login; with a role the route does not
 * allow, go to that role's home route.
 */
export function RequireAuth({ roles, children }: { roles?: Role[]; children: ReactNode }) {
  const { status, user, go, loggedOut } = useSession();
  const allowed = status === 'signed-in' && (!roles || roles.includes(user?.role ?? 'STUDENT'));
  useEffect(() => {
    if (status === 'signed-out' && !loggedOut) go('/login', { replace: true });
    else if (status === 'signed-in' && !allowed) go(homeRoute(user?.role), { replace: true });
  }, [status, allowed, user?.role, go, loggedOut]);
  if (!allowed) return <LoadingIndicator fullScreen />;
  return <>{children}</>;
}

/** Landing routes (home, about, login, sign-up...): a signed-in user goes to their home route. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status, user, go } = useSession();
  const { pathname } = useLocation();
  const leave = status === 'signed-in' && isLandingRoute(pathname);
  useEffect(() => {
    if (leave) go(homeRoute(user?.role), { replace: true });
  }, [leave, user?.role, go]);
  return <>{children}</>;
}

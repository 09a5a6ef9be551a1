import type { Role } from '@school/contracts';

export type AppName = 'web' | 'learn' | 'admin';

/** Where each role lands after signing in; a signed-out visitor goes to the landing page. */
export function homeRoute(role: Role | null | undefined, signedIn = true): string {
  if (!signedIn) return '/';
  if (role === 'ADMIN') return '/admin/courses';
  if (role === 'INSTRUCTOR') return '/instructor';
  return '/student';
}

/** The app that serves a path: /admin* and /instructor* the console, /student* and /class/* the portal. */
export function appForPath(path: string): AppName {
  if (/^\/(admin|instructor)(\/|$|\?)/.test(path)) return 'admin';
  if (/^\/(student(\/|$|\?)|class\/)/.test(path)) return 'learn';
  return 'web';
}

/** Routes that a signed-in user is sent away from, to their home route. */
const LANDING_ROUTES = ['/', '/about', '/login', '/login-other', '/login/reset-password', '/create-account'];
export const isLandingRoute = (path: string) => LANDING_ROUTES.includes(path.replace(/\/+$/, '') || '/');

export type AppOrigins = Partial<Record<AppName, string>>;

/**
 * The href of a route from within `current`: a plain path in the single-origin deployment,
 * the owning app's origin plus the path when the apps live on subdomains.
 */
export function hrefFor(path: string, origins: AppOrigins = {}): string {
  const origin = origins[appForPath(path)];
  return origin ? `${origin.replace(/\/+$/, '')}${path}` : path;
}

import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import type { RouteDef } from './common/route';
import { formsRoutes } from './forms/forms.routes';
import { learningRoutes } from './learning/learning.routes';
import { platformRoutes } from './platform/platform.routes';
import { programmeRoutes } from './programme/programme.routes';

/** Every API call, keyed by name. Paths are relative to the API base (`/api/`). */
export const routes = {
  ...authRoutes,
  ...formsRoutes,
  ...programmeRoutes,
  ...learningRoutes,
  ...adminRoutes,
  ...platformRoutes,
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

/** The route entries as a list with their names (for servers and documentation). */
export function listRoutes(): Array<RouteDef & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ ...(routes[name] as RouteDef), name }));
}

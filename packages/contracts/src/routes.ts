import { authRoutes } from './auth/auth.routes';
import { formsRoutes } from './forms/forms.routes';

/** Every API call, keyed by name. Paths are relative to the API base (`/api/`). */
export const routes = {
  ...authRoutes,
  ...formsRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;

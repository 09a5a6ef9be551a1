import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppLinksProvider } from '../app-link/app-link';
import { type AppName, type AppOrigins, appForPath, hrefFor } from './routing';
import { SessionProvider } from './session';

/**
 * What every app wraps its routes in (inside its router): react-query, the session with the
 * typed API client, and the link rules that tell in-app routes from other apps' routes.
 */
export function AppProviders({ app, origins = {}, children }: { app: AppName; origins?: AppOrigins; children: ReactNode }) {
  const navigate = useNavigate();
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  const isInternal = useCallback((path: string) => appForPath(path) === app, [app]);
  const toHref = useCallback((path: string) => hrefFor(path, origins), [origins]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider app={app} origins={origins} navigate={navigate}>
        <AppLinksProvider isInternal={isInternal} toHref={toHref}>
          {children}
        </AppLinksProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/**
 * The session's API client, loaded on the first call rather than with the page. The real client
 * (`@school/contracts`) validates every answer with zod, which with the route table weighs about
 * 35 KB gzipped; loading it only when a call is made keeps it off the public site's prerendered
 * pages for signed-out visitors (apps that import the contracts anyway share the same chunk).
 * Restoring a session needs one refresh call, made here with plain fetch; the real client takes
 * over (with the access token) for every other call.
 */
import type { ApiClient, ApiClientOptions, RouteName } from '@school/contracts';

const loadContracts = () => import('@school/contracts');

/** Same constants as the real client (contracts' client.ts): the refresh route and the CSRF marker. */
const REFRESH_PATH = 'auth/token/refresh/';
const MARKER_HEADER = 'X-Requested-With';
const MARKER_VALUE = 'school-web';

export function defaultSessionExpired(): void {
  void loadContracts().then((m) => m.defaultSessionExpired());
}

export function createLazyApiClient(options: ApiClientOptions): ApiClient {
  let real: ApiClient | undefined;
  let loading: Promise<ApiClient> | undefined;
  const load = () =>
    (loading ??= loadContracts().then((m) => {
      real = m.createApiClient(options);
      return real;
    }));
  const baseUrl = (options.baseUrl ?? '/api/').replace(/\/?$/, '/');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return {
    call: ((name: RouteName, ...args: unknown[]) =>
      load().then((c) => (c.call as (...a: unknown[]) => unknown)(name, ...args))) as ApiClient['call'],
    upload: ((name: RouteName, data: FormData, opts?: object) =>
      load().then((c) => (c.upload as (...a: unknown[]) => unknown)(name, data, opts))) as ApiClient['upload'],
    url: ((name: RouteName, opts?: object) => {
      if (!real) throw new Error('The API client is still loading');
      return (real.url as (...a: unknown[]) => string)(name, opts);
    }) as ApiClient['url'],
    async restoreSession() {
      if (real) return real.restoreSession();
      try {
        const refresh = options.tokens.getRefresh?.() ?? undefined;
        const res = await doFetch(baseUrl + REFRESH_PATH, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', [MARKER_HEADER]: MARKER_VALUE },
          body: JSON.stringify(refresh ? { refresh } : {}),
          credentials: 'include',
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { access?: unknown; refresh?: unknown };
        if (typeof body?.access !== 'string') return false;
        options.tokens.setAccess(body.access);
        if (typeof body.refresh === 'string') options.tokens.setRefresh?.(body.refresh);
        return true;
      } catch {
        return false;
      }
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';

/** Counts the loads of the real client: the mock's factory runs when '@school/contracts' is first imported. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@school/contracts', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

import { createLazyApiClient } from './lazy-api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  loads.count = 0;
});

describe('the session client', () => {
  it('restores a session without loading the real client, and loads it on the first call', async () => {
    const tokens = { access: null as string | null };
    const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('auth/token/refresh/')) {
        expect(new Headers(init?.headers).get('X-Requested-With')).toBe('school-web');
        return json(200, { access: 'fresh' });
      }
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer fresh');
      return json(200, { user: { id_slug: 'u1', first_name: 'Ada', last_name: 'Lo', email: 'ada@x.io', role: 'STUDENT' } });
    });
    const client = createLazyApiClient({
      fetch: fetchFn as unknown as typeof fetch,
      tokens: { getAccess: () => tokens.access, setAccess: (t) => void (tokens.access = t) },
      onSessionExpired: () => {},
    });

    expect(await client.restoreSession()).toBe(true);
    expect(tokens.access).toBe('fresh');
    expect(loads.count).toBe(0);

    const { user } = await client.call('check');
    expect(user.email).toBe('ada@x.io');
    expect(loads.count).toBe(1);
    // Once loaded, URLs are built by the real client.
    expect(client.url('check')).toBe('/api/auth/check/');
  });
});

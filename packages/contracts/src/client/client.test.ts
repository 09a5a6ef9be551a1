import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { buildQuery, createApiClient, defaultSessionExpired, SESSION_EXPIRED_MESSAGE } from './client';

const user = { id_slug: 'u1', first_name: 'Ada', last_name: 'Lo', email: 'ada@x.io', role: 'STUDENT' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

function setup(handler: (req: Recorded, calls: Recorded[]) => Response | Promise<Response>, access: string | null = 'old') {
  const calls: Recorded[] = [];
  const state = { access };
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Recorded = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
      credentials: init?.credentials,
    };
    calls.push(req);
    return handler(req, calls);
  });
  const setAccess = vi.fn((t: string | null) => {
    state.access = t;
  });
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    fetch: fetchFn as unknown as typeof fetch,
    tokens: { getAccess: () => state.access, setAccess },
    onSessionExpired,
  });
  return { client, calls, state, setAccess, onSessionExpired, fetchFn };
}

describe('createApiClient', () => {
  it('sends the bearer token, the marker header and credentials, and parses the answer', async () => {
    const { client, calls } = setup(() => json(200, { user }));
    const result = await client.call('check');
    expect(result.user.email).toBe('ada@x.io');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/auth/check/');
    expect(calls[0].method).toBe('GET');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer old');
    expect(calls[0].headers.get('X-Requested-With')).toBe('school-web');
    expect(calls[0].credentials).toBe('include');
    expect(calls[0].body).toBeUndefined();
  });

  it('omits the Authorization header when no token is held', async () => {
    const { client, calls } = setup(() => json(200, { access: 'a', user }), null);
    await client.call('login', { body: { email: 'ada@x.io', password: 'x' } });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(calls[0].body as string)).toEqual({ email: 'ada@x.io', password: 'x' });
  });

  it('fills path params and builds the query with URLSearchParams', async () => {
    const { client, calls } = setup(() => json(200, { data: [], count: 0, num_pages: 0 }));
    await client.call('adminFormSubmissionList', { query: { page: 2, search_query: 'a b&c', kind: undefined } });
    expect(calls[0].url).toBe('/api/forms/admin/list?page=2&search_query=a+b%26c');
    expect(buildQuery({ a: [1, 2], b: null })).toBe('?a=1&a=2');
    expect(buildQuery({})).toBe('');
  });

  it('shares one refresh between two concurrent 401s and retries each call once', async () => {
    let refreshCount = 0;
    const { client, calls, state, onSessionExpired } = setup(async (req) => {
      if (req.url.endsWith('auth/token/refresh/')) {
        refreshCount += 1;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access: 'new' });
      }
      if (req.headers.get('Authorization') === 'Bearer new') return json(200, { user });
      return json(401, { message: 'Token expired' });
    });
    const [a, b] = await Promise.all([client.call('check'), client.call('check')]);
    expect(a.user.id_slug).toBe('u1');
    expect(b.user.id_slug).toBe('u1');
    expect(refreshCount).toBe(1);
    expect(state.access).toBe('new');
    expect(onSessionExpired).not.toHaveBeenCalled();
    const refreshCall = calls.find((c) => c.url.endsWith('auth/token/refresh/'))!;
    expect(refreshCall.method).toBe('POST');
    expect(refreshCall.headers.get('X-Requested-With')).toBe('school-web');
    expect(calls.filter((c) => c.url.endsWith('auth/check/'))).toHaveLength(4);
  });

  it('retries only once: a second 401 ends the session', async () => {
    const { client, calls, state, onSessionExpired } = setup((req) =>
      req.url.endsWith('auth/token/refresh/') ? json(200, { access: 'new' }) : json(401, { message: 'no' }),
    );
    await expect(client.call('check')).rejects.toMatchObject({ status: 401, message: 'no' });
    expect(calls.filter((c) => c.url.endsWith('auth/check/'))).toHaveLength(2);
    expect(calls.filter((c) => c.url.endsWith('auth/token/refresh/'))).toHaveLength(1);
    expect(state.access).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('clears the token and calls onSessionExpired when the refresh fails', async () => {
    const { client, calls, setAccess, onSessionExpired } = setup((req) =>
      req.url.endsWith('auth/token/refresh/') ? json(401, { message: 'Invalid refresh token' }) : json(401, { message: 'Token expired' }),
    );
    const err = await client.call('check').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(setAccess).toHaveBeenCalledWith(null);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not loop when the refresh call itself answers 401', async () => {
    const { client, calls, setAccess, onSessionExpired } = setup(() => json(401, { message: 'Invalid refresh token' }));
    await expect(client.call('refresh', { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
    expect(setAccess).toHaveBeenCalledWith(null);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on a 401 from a public call such as login', async () => {
    const { client, calls, onSessionExpired } = setup(() =>
      json(401, { message: 'Invalid credentials', errors: { password: 'Incorrect password' } }),
    );
    const err = (await client.call('login', { body: { email: 'a@b.co', password: 'x' } }).catch((e: unknown) => e)) as ApiError;
    expect(err.errors).toEqual({ password: 'Incorrect password' });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('stores the access token answered by an explicit refresh call', async () => {
    const { client, state } = setup(() => json(200, { access: 'fresh' }), null);
    const result = await client.call('refresh', { body: {} });
    expect(result.access).toBe('fresh');
    expect(state.access).toBe('fresh');
  });

  it('restoreSession refreshes without calling onSessionExpired on failure', async () => {
    const ok = setup(() => json(200, { access: 'fresh' }), null);
    expect(await ok.client.restoreSession()).toBe(true);
    expect(ok.state.access).toBe('fresh');
    const ko = setup(() => json(401, { message: 'no' }), null);
    expect(await ko.client.restoreSession()).toBe(false);
    expect(ko.onSessionExpired).not.toHaveBeenCalled();
  });

  it('parses error bodies into ApiError', async () => {
    const { client } = setup(() => json(400, { message: 'Validation failed', errors: { email: 'Invalid email format' } }));
    const err = (await client
      .call('register', { body: { email: 'x', password: 'y', first_name: 'Ab', last_name: 'Cd' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe('Validation failed');
    expect(err.errors).toEqual({ email: 'Invalid email format' });
  });

  it('uses a status message for bodies without a message and joins form-collection errors', async () => {
    const plain = setup(() => new Response('oops', { status: 502 }));
    await expect(plain.client.call('health')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
    });
    const form = setup(() => json(422, { errors: [{ message: 'Email is required' }, { message: 'Phone is required' }] }));
    await expect(
      form.client.call('contactForm', {
        body: { firstName: 'a', lastName: 'b', email: '', phone: '', message: 'm' },
      }),
    ).rejects.toMatchObject({ status: 422, message: 'Email is required, Phone is required' });
  });

  it('rejects an answer that does not match the response schema', async () => {
    const { client } = setup(() => json(200, { nope: true }));
    await expect(client.call('check')).rejects.toBeInstanceOf(ApiError);
  });

  it('uploads multipart form data without a JSON content type', async () => {
    const { client, calls } = setup(() => json(201, { url: 'https://files/x.pdf' }));
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'cv.pdf');
    const result = await client.upload('uploadFile', form);
    expect(result.url).toBe('https://files/x.pdf');
    expect(calls[0].url).toBe('/api/upload/file_upload/');
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers.get('Content-Type')).toBeNull();
    expect(calls[0].headers.get('X-Requested-With')).toBe('school-web');
  });

  it('honours a custom base URL', async () => {
    const calls: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.example.com/api',
      fetch: (async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return json(200, { status: 'ok', database: { status: 'up', latency_ms: 1 } });
      }) as typeof fetch,
      tokens: { getAccess: () => null, setAccess: () => {} },
      onSessionExpired: () => {},
    });
    await client.call('health');
    expect(calls[0]).toBe('https://api.example.com/api/health');
  });
});

describe('defaultSessionExpired', () => {
  it('alerts and goes to /login', () => {
    const alert = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('window', { alert, location: { assign } });
    try {
      defaultSessionExpired();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(alert).toHaveBeenCalledWith(SESSION_EXPIRED_MESSAGE);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Session expired. Please log in again.');
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

describe('typing', () => {
  it('types params, query, body and the answer from the route table', async () => {
    const { client, calls } = setup(() => json(200, { data: [], count: 0 }));
    const result = await client.call('adminCohortStudents', { params: { cohortId: 'k 1' }, query: { page: 2 } });
    const count: number = result.count;
    expect(count).toBe(0);
    expect(calls[0].url).toBe('/api/cohorts/admin/k%201/students?page=2');
    if (Math.random() > 2) {
      // @ts-expect-error params are required for a route with path params
      await client.call('adminCohortStudents', {});
      // @ts-expect-error the body of login is required
      await client.call('login');
      // @ts-expect-error unknown route name
      await client.call('nope');
      // @ts-expect-error wrong body field type
      await client.call('markLessonComplete', { params: { cohortId: 'k' }, body: { user_id_slug: 1, lesson_id_slug: 'l' } });
    }
  });
});

describe('session bookkeeping', () => {
  it('stores the access token of a login answer and clears it on logout', async () => {
    const { client, state } = setup(
      (req) => (req.url.endsWith('auth/login/') ? json(200, { access: 'acc', user }) : json(200, { message: 'Logged out' })),
      null,
    );
    await client.call('login', { body: { email: 'ada@x.io', password: 'Secret1!' } });
    expect(state.access).toBe('acc');
    await client.call('logout', { body: {} });
    expect(state.access).toBeNull();
  });
});

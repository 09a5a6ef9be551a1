import { createApiClient, isApiError } from '@school/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byPath, matchRoute, mockRoutes, reply } from './mock-routes';

afterEach(() => vi.unstubAllGlobals());

const client = () =>
  createApiClient({ fetch: (...args) => fetch(...args), tokens: { getAccess: () => 'token', setAccess: () => undefined } });

describe('matchRoute', () => {
  it('finds the route of a method and path, a literal segment winning over a param', () => {
    expect(matchRoute('GET', 'courses/admin/list')).toEqual({ name: 'adminCourseList', params: {} });
    expect(matchRoute('GET', 'courses/admin/c1')).toEqual({ name: 'adminCourseDetail', params: { courseId: 'c1' } });
    expect(matchRoute('PUT', 'courses/admin/list')).toBeNull();
  });
});

describe('mockRoutes', () => {
  it("answers a call with its route's handler and records it by name, params, query and body", async () => {
    const { calls } = mockRoutes({ adminCourseList: (c) => ({ data: [], count: Number(c.query.get('page')), num_pages: 0 }) });
    const answer = await client().call('adminCourseList', { query: { page: 3 } });
    expect(answer.count).toBe(3);
    expect(calls.map((c) => [c.name, c.method, c.path, c.params])).toEqual([['adminCourseList', 'GET', 'courses/admin/list', {}]]);
  });

  it('sends a reply with its status, and a 599 naming a route no handler answers', async () => {
    mockRoutes({ adminCourseDetail: () => reply(404, { message: 'Gone' }) });
    const gone = await client()
      .call('adminCourseDetail', { params: { courseId: 'c1' } })
      .catch((e: unknown) => e);
    expect(isApiError(gone) && [gone.status, gone.message]).toEqual([404, 'Gone']);
    const unanswered = await client()
      .call('adminCourseList', { query: {} })
      .catch((e: unknown) => e);
    expect(isApiError(unanswered) && [unanswered.status, unanswered.message]).toEqual([599, 'No mock answer for adminCourseList']);
  });

  it('answers one route per path with byPath', async () => {
    mockRoutes({ adminCourseDetail: byPath({ 'courses/admin/c2': () => reply(403, { message: 'Not yours' }) }) });
    const other = await client()
      .call('adminCourseDetail', { params: { courseId: 'c1' } })
      .catch((e: unknown) => e);
    expect(isApiError(other) && other.status).toBe(599);
    const mine = await client()
      .call('adminCourseDetail', { params: { courseId: 'c2' } })
      .catch((e: unknown) => e);
    expect(isApiError(mine) && mine.status).toBe(403);
  });

  it("restores the given user's session, or leaves the visitor signed out", async () => {
    const user = { id_slug: 'u1', first_name: 'Ada', last_name: 'Lo', email: 'ada@x.io', role: 'STUDENT' as const };
    const { calls } = mockRoutes({}, { user });
    expect(document.cookie).toContain('school_has_session=1');
    expect((await client().call('check')).user).toEqual(user);
    expect(calls).toEqual([]);
    mockRoutes({});
    expect(document.cookie).not.toContain('school_has_session=1');
  });
});

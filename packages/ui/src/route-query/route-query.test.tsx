import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../session';
import { byPath, mockRoutes } from '../testing/mock-routes';
import { routeKey, routeQueryKey, useRouteMutation, useRouteQuery } from './route-query';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { id_slug: 'admin1', first_name: 'Nadia', last_name: 'Hassan', email: 'admin@example.com', role: 'ADMIN' as const };

/** Renders inside an app's providers (react-query, the session restored as ADMIN by mockRoutes). */
const renderWithApi = (ui: ReactNode) =>
  render(
    <MemoryRouter>
      <AppProviders app="admin">{ui}</AppProviders>
    </MemoryRouter>,
  );

describe('route query keys', () => {
  it('derive from the route name, its params and its query, absent parts as empty objects', () => {
    expect(routeQueryKey('adminCohortDetail', { params: { cohortId: 'k1' } })).toEqual(['adminCohortDetail', { cohortId: 'k1' }, {}]);
    expect(routeQueryKey('adminCourseList', { query: { page: 2 } })).toEqual(['adminCourseList', {}, { page: 2 }]);
    expect(routeQueryKey('adminActiveCohorts', {})).toEqual(['adminActiveCohorts', {}, {}]);
    expect(routeQueryKey('adminCohortStudents', { params: { cohortId: 'k1' }, query: { page: 3 } })).toEqual([
      'adminCohortStudents',
      { cohortId: 'k1' },
      { page: 3 },
    ]);
  });

  it('prefixes name every read of a route, or of one entity whatever its query', () => {
    expect(routeKey('adminCourseList')).toEqual(['adminCourseList']);
    expect(routeKey('adminCohortStudents', { params: { cohortId: 'k1' } })).toEqual(['adminCohortStudents', { cohortId: 'k1' }]);
    expect(routeKey('adminCohortStudents', { params: { cohortId: 'k1' }, query: { page: 1 } })).toEqual([
      'adminCohortStudents',
      { cohortId: 'k1' },
      { page: 1 },
    ]);
  });
});

function CourseTitle({ id }: { id: string }) {
  const course = useRouteQuery('adminCourseDetail', { params: { courseId: id } }, { select: (r) => r.data });
  return <p>{course.data ? `Course: ${course.data.title}` : 'Loading'}</p>;
}

const course = (id: string, title: string) => ({
  data: {
    id_slug: id,
    title,
    description: '',
    created_date: '2026-01-01T00:00:00Z',
    modified_date: '2026-01-01T00:00:00Z',
    modules: [],
    cohorts: [],
    engagement: { active_students: 0, total_students: 0, total_dropped: 0, course_completion_percentage: 0, modules_engagement: [] },
  },
});

describe('useRouteQuery', () => {
  it("calls the route with its params and caches the answer under the route's key", async () => {
    const { calls } = mockRoutes({ adminCourseDetail: () => course('c1', 'Lithography') }, { user: ADMIN });
    function Probe() {
      const queryClient = useQueryClient();
      useIsFetching(); // renders again when the read settles
      const cached = queryClient.getQueryData<{ data: { title: string } }>(['adminCourseDetail', { courseId: 'c1' }, {}]);
      return (
        <>
          <CourseTitle id="c1" />
          <p>{cached ? `Cached: ${cached.data.title}` : 'Not cached'}</p>
        </>
      );
    }
    renderWithApi(<Probe />);
    expect(await screen.findByText('Course: Lithography')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET courses/admin/c1']);
    expect(await screen.findByText('Cached: Lithography')).toBeInTheDocument();
  });

  it('sends the query of a list read', async () => {
    const { calls } = mockRoutes({ adminCourseList: () => ({ data: [], count: 0, num_pages: 0 }) }, { user: ADMIN });
    function List() {
      const list = useRouteQuery('adminCourseList', { query: { page: 2, search_query: 'etch' } });
      return <p>{list.data ? `Found ${list.data.count}` : 'Loading'}</p>;
    }
    renderWithApi(<List />);
    expect(await screen.findByText('Found 0')).toBeInTheDocument();
    expect(calls[0].query.get('page')).toBe('2');
    expect(calls[0].query.get('search_query')).toBe('etch');
  });
});

describe('useRouteMutation', () => {
  it('sends params and body, then refetches only the reads it invalidates', async () => {
    let title = 'Lithography';
    const { calls } = mockRoutes(
      {
        adminCourseDetail: byPath({
          'courses/admin/c1': () => course('c1', title),
          'courses/admin/c2': () => course('c2', 'Etching'),
        }),
        adminCourseUpdate: (call) => {
          title = (call.body as { title: string }).title;
          return { id_slug: 'c1' };
        },
      },
      { user: ADMIN },
    );
    function Rename() {
      const rename = useRouteMutation('adminCourseUpdate', {
        invalidates: (vars) => [routeKey('adminCourseDetail', { params: vars.params })],
      });
      return (
        <>
          <CourseTitle id="c1" />
          <CourseTitle id="c2" />
          <button
            type="button"
            onClick={() => rename.mutate({ params: { courseId: 'c1' }, body: { title: 'Deposition', description: '' } })}
          >
            Rename
          </button>
        </>
      );
    }
    renderWithApi(<Rename />);
    expect(await screen.findByText('Course: Etching')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Course: Deposition')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === 'courses/admin/c1')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Deposition', description: '' });
    // The other course was not invalidated, so it was not fetched again.
    expect(calls.filter((c) => c.path === 'courses/admin/c2')).toHaveLength(1);
  });
});
